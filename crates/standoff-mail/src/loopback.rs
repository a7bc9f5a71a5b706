//! A minimal SMTP listener on 127.0.0.1 for tests: it accepts every message (or, when
//! given credentials, only after a matching `AUTH PLAIN`/`AUTH LOGIN`) and records it.
//!
//! It speaks just enough SMTP for `lettre`: greeting, EHLO/HELO, AUTH, MAIL, RCPT, DATA
//! (with dot-unstuffing), RSET, NOOP, QUIT. It never uses TLS. Each connection's input is
//! capped at 1 MiB; the listener stops when the value is dropped.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tokio::task::JoinHandle;

const CONNECTION_INPUT_LIMIT: u64 = 1 << 20;

/// One message as the listener received it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Received {
    /// The envelope sender (`MAIL FROM:<...>`, brackets removed).
    pub mail_from: String,
    /// The envelope recipients (`RCPT TO:<...>`).
    pub rcpt_to: Vec<String>,
    /// The message (headers and body) after dot-unstuffing, lines joined with `\n`.
    pub data: String,
    /// The user name the client authenticated as, if it did.
    pub authenticated_as: Option<String>,
}

impl Received {
    /// The value of the first header called `name` (case-insensitive), unfolded.
    pub fn header(&self, name: &str) -> Option<String> {
        let mut lines = self.data.lines().take_while(|line| !line.is_empty());
        while let Some(line) = lines.next() {
            if let Some((key, value)) = line.split_once(':') {
                if key.eq_ignore_ascii_case(name) {
                    let mut value = value.trim().to_string();
                    for more in lines.by_ref() {
                        if more.starts_with([' ', '\t']) {
                            value.push(' ');
                            value.push_str(more.trim());
                        } else {
                            break;
                        }
                    }
                    return Some(value);
                }
            }
        }
        None
    }

    /// The body: everything after the first empty line.
    pub fn body(&self) -> &str {
        self.data
            .split_once("\n\n")
            .map(|(_, body)| body)
            .unwrap_or("")
    }
}

/// A running listener. Dropping it stops it.
#[derive(Debug)]
pub struct LoopbackSmtp {
    addr: SocketAddr,
    received: watch::Receiver<Vec<Received>>,
    task: JoinHandle<()>,
}

/// The listener did not receive the expected number of messages in time.
#[derive(Debug, thiserror::Error)]
#[error("expected {expected} message(s) within {within:?}, received {got}")]
pub struct WaitTimedOut {
    pub expected: usize,
    pub got: usize,
    pub within: Duration,
}

impl LoopbackSmtp {
    /// Starts a listener on 127.0.0.1 with a free port that accepts any client.
    pub async fn start() -> std::io::Result<Self> {
        Self::start_inner(None).await
    }

    /// Starts a listener that accepts mail only after the client authenticates with
    /// exactly these credentials.
    pub async fn start_with_credentials(user: &str, password: &str) -> std::io::Result<Self> {
        Self::start_inner(Some((user.to_string(), password.to_string()))).await
    }

    async fn start_inner(credentials: Option<(String, String)>) -> std::io::Result<Self> {
        let listener = TcpListener::bind("127.0.0.1:0").await?;
        let addr = listener.local_addr()?;
        let (sender, received) = watch::channel(Vec::new());
        let sender = Arc::new(sender);
        let credentials = Arc::new(credentials);
        let task = tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let sender = Arc::clone(&sender);
                let credentials = Arc::clone(&credentials);
                tokio::spawn(async move {
                    // A broken connection only loses that connection's message.
                    let _ = serve(stream, &sender, credentials.as_ref().as_ref()).await;
                });
            }
        });
        Ok(LoopbackSmtp {
            addr,
            received,
            task,
        })
    }

    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Its port.
    pub fn port(&self) -> u16 {
        self.addr.port()
    }

    /// Every message received so far.
    pub fn received(&self) -> Vec<Received> {
        self.received.borrow().clone()
    }

    /// Waits until at least `count` messages have arrived, at most `within`.
    pub async fn wait_for(
        &self,
        count: usize,
        within: Duration,
    ) -> Result<Vec<Received>, WaitTimedOut> {
        let mut receiver = self.received.clone();
        let waited =
            tokio::time::timeout(within, receiver.wait_for(|all| all.len() >= count)).await;
        match waited {
            Ok(Ok(all)) => Ok(all.clone()),
            _ => Err(WaitTimedOut {
                expected: count,
                got: self.received.borrow().len(),
                within,
            }),
        }
    }
}

impl Drop for LoopbackSmtp {
    fn drop(&mut self) {
        self.task.abort();
    }
}

async fn serve(
    stream: TcpStream,
    sender: &watch::Sender<Vec<Received>>,
    credentials: Option<&(String, String)>,
) -> std::io::Result<()> {
    let (read, mut write) = stream.into_split();
    let mut lines = BufReader::new(read.take(CONNECTION_INPUT_LIMIT));
    write
        .write_all(b"220 loopback ESMTP test listener\r\n")
        .await?;
    let mut authenticated_as: Option<String> = None;
    let mut mail_from: Option<String> = None;
    let mut rcpt_to: Vec<String> = Vec::new();
    let mut line = String::new();
    loop {
        line.clear();
        if lines.read_line(&mut line).await? == 0 {
            return Ok(());
        }
        let command = line.trim_end_matches(['\r', '\n']);
        let upper = command.to_ascii_uppercase();
        let reply: String = if upper.starts_with("EHLO") {
            "250-loopback\r\n250-AUTH PLAIN LOGIN\r\n250 8BITMIME\r\n".into()
        } else if upper.starts_with("HELO") {
            "250 loopback\r\n".into()
        } else if upper.starts_with("AUTH PLAIN") {
            let argument = command[10..].trim();
            let argument = if argument.is_empty() {
                write.write_all(b"334 \r\n").await?;
                read_line(&mut lines).await?
            } else {
                argument.to_string()
            };
            let decoded = decode_base64(&argument).unwrap_or_default();
            let mut parts = decoded.split(|&b| b == 0).skip(1);
            let user = String::from_utf8_lossy(parts.next().unwrap_or(&[])).into_owned();
            let password = String::from_utf8_lossy(parts.next().unwrap_or(&[])).into_owned();
            auth_reply(credentials, user, password, &mut authenticated_as)
        } else if upper.starts_with("AUTH LOGIN") {
            write.write_all(b"334 VXNlcm5hbWU6\r\n").await?;
            let user = decode_text(&read_line(&mut lines).await?);
            write.write_all(b"334 UGFzc3dvcmQ6\r\n").await?;
            let password = decode_text(&read_line(&mut lines).await?);
            auth_reply(credentials, user, password, &mut authenticated_as)
        } else if upper.starts_with("MAIL FROM:") {
            if credentials.is_some() && authenticated_as.is_none() {
                "530 5.7.0 authentication required\r\n".into()
            } else {
                mail_from = Some(bracketed(&command[10..]));
                rcpt_to.clear();
                "250 2.1.0 ok\r\n".into()
            }
        } else if upper.starts_with("RCPT TO:") {
            if mail_from.is_none() {
                "503 5.5.1 MAIL first\r\n".into()
            } else {
                rcpt_to.push(bracketed(&command[8..]));
                "250 2.1.5 ok\r\n".into()
            }
        } else if upper == "DATA" {
            if mail_from.is_none() || rcpt_to.is_empty() {
                "503 5.5.1 MAIL and RCPT first\r\n".into()
            } else {
                write.write_all(b"354 end with .\r\n").await?;
                let data = read_data(&mut lines).await?;
                let message = Received {
                    mail_from: mail_from.take().unwrap_or_default(),
                    rcpt_to: std::mem::take(&mut rcpt_to),
                    data,
                    authenticated_as: authenticated_as.clone(),
                };
                sender.send_modify(|all| all.push(message));
                "250 2.0.0 queued\r\n".into()
            }
        } else if upper == "RSET" {
            mail_from = None;
            rcpt_to.clear();
            "250 2.0.0 ok\r\n".into()
        } else if upper == "NOOP" {
            "250 2.0.0 ok\r\n".into()
        } else if upper == "QUIT" {
            write.write_all(b"221 2.0.0 bye\r\n").await?;
            return Ok(());
        } else {
            "502 5.5.2 not implemented\r\n".into()
        };
        write.write_all(reply.as_bytes()).await?;
    }
}

fn auth_reply(
    credentials: Option<&(String, String)>,
    user: String,
    password: String,
    authenticated_as: &mut Option<String>,
) -> String {
    let accepted = match credentials {
        Some((want_user, want_password)) => *want_user == user && *want_password == password,
        None => true,
    };
    if accepted {
        *authenticated_as = Some(user);
        "235 2.7.0 authenticated\r\n".into()
    } else {
        "535 5.7.8 bad credentials\r\n".into()
    }
}

async fn read_line<R: tokio::io::AsyncBufRead + Unpin>(lines: &mut R) -> std::io::Result<String> {
    let mut line = String::new();
    lines.read_line(&mut line).await?;
    Ok(line.trim_end_matches(['\r', '\n']).to_string())
}

async fn read_data<R: tokio::io::AsyncBufRead + Unpin>(lines: &mut R) -> std::io::Result<String> {
    let mut data = Vec::new();
    loop {
        let mut line = String::new();
        if lines.read_line(&mut line).await? == 0 {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        let line = line.trim_end_matches(['\r', '\n']);
        if line == "." {
            return Ok(data.join("\n"));
        }
        data.push(line.strip_prefix('.').unwrap_or(line).to_string());
    }
}

fn bracketed(text: &str) -> String {
    let text = text.trim();
    let end = text.find('>').unwrap_or(text.len());
    text[..end].trim_start_matches('<').to_string()
}

fn decode_text(base64: &str) -> String {
    String::from_utf8_lossy(&decode_base64(base64).unwrap_or_default()).into_owned()
}

/// Standard base64 (with padding) to bytes; `None` on a character outside the alphabet.
fn decode_base64(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    let mut buffer = 0u32;
    let mut bits = 0;
    for byte in text.trim().bytes() {
        let value = match byte {
            b'A'..=b'Z' => byte - b'A',
            b'a'..=b'z' => byte - b'a' + 26,
            b'0'..=b'9' => byte - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            b'=' => break,
            _ => return None,
        };
        buffer = (buffer << 6) | u32::from(value);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((buffer >> bits) as u8);
            buffer &= (1 << bits) - 1;
        }
    }
    Some(out)
}
