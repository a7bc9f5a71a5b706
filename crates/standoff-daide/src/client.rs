//! Frames over an async byte stream, and a small DAIDE client on top (tokio): connect,
//! send the IM, read the RM, then send and receive language messages. Used by the
//! server's tests and the benchmark; [`read_frame`] is also the server's reader.

use crate::frame::{decode_header, ErrorCode, Frame, FrameError, RmEntry, HEADER_LEN, VERSION};
use crate::message::{Message, MessageError};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio::net::TcpStream;

/// What reading or talking failed on.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ClientError {
    /// The connection failed.
    #[error("connection: {0}")]
    Io(#[from] std::io::Error),
    /// The peer sent a bad frame.
    #[error("frame: {0}")]
    Frame(#[from] FrameError),
    /// The peer closed the connection.
    #[error("the connection was closed")]
    Closed,
    /// Nothing arrived in time.
    #[error("no message within {0:?}")]
    Timeout(Duration),
    /// The server sent an error message.
    #[error("the server sent error message {0:?}")]
    Error(ErrorCode),
    /// The server sent something the protocol does not allow here.
    #[error("unexpected from the server: {0}")]
    Unexpected(String),
    /// A language message could not be read.
    #[error("message: {0}")]
    Message(#[from] MessageError),
}

/// Reads one frame; `Ok(None)` on a clean end of stream before a header.
pub async fn read_frame<R: AsyncRead + Unpin>(r: &mut R) -> Result<Option<Frame>, ClientError> {
    let mut header = [0u8; HEADER_LEN];
    match r.read_exact(&mut header).await {
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => return Ok(None),
        Err(e) => return Err(e.into()),
    }
    let (kind, len) = decode_header(header);
    // The length is 16 bits: at most 64 KiB is ever buffered for one frame.
    let mut body = vec![0u8; len];
    r.read_exact(&mut body).await?;
    Ok(Some(Frame::decode(kind, &body)?))
}

/// Writes one frame.
pub async fn write_frame<W: AsyncWrite + Unpin>(w: &mut W, frame: &Frame) -> std::io::Result<()> {
    w.write_all(&frame.encode()).await?;
    w.flush().await
}

/// A connected client, past the IM/RM exchange.
pub struct Client {
    stream: TcpStream,
    /// The RM's entries (empty: the standard map's tokens).
    pub representation: Vec<RmEntry>,
}

impl Client {
    /// Connects, sends the IM and waits for the RM.
    pub async fn connect(
        addr: std::net::SocketAddr,
        wait: Duration,
    ) -> Result<Client, ClientError> {
        let mut stream = tokio::time::timeout(wait, TcpStream::connect(addr))
            .await
            .map_err(|_| ClientError::Timeout(wait))??;
        stream.set_nodelay(true)?;
        write_frame(&mut stream, &Frame::Initial { version: VERSION }).await?;
        let first = tokio::time::timeout(wait, read_frame(&mut stream))
            .await
            .map_err(|_| ClientError::Timeout(wait))??;
        match first {
            Some(Frame::Representation(entries)) => Ok(Client {
                stream,
                representation: entries,
            }),
            Some(Frame::Error(code)) => Err(ClientError::Error(code)),
            Some(other) => Err(ClientError::Unexpected(format!("{other:?}"))),
            None => Err(ClientError::Closed),
        }
    }

    /// Sends a language message.
    pub async fn send(&mut self, m: &Message) -> Result<(), ClientError> {
        write_frame(&mut self.stream, &Frame::Diplomacy(m.to_tokens())).await?;
        Ok(())
    }

    /// Sends raw bytes (tests send garbage this way).
    pub async fn send_bytes(&mut self, bytes: &[u8]) -> Result<(), ClientError> {
        self.stream.write_all(bytes).await?;
        Ok(())
    }

    /// The next frame, waiting at most `wait`.
    pub async fn frame(&mut self, wait: Duration) -> Result<Frame, ClientError> {
        match tokio::time::timeout(wait, read_frame(&mut self.stream)).await {
            Err(_) => Err(ClientError::Timeout(wait)),
            Ok(r) => r?.ok_or(ClientError::Closed),
        }
    }

    /// The next language message, waiting at most `wait`; an EM or FM is an error.
    pub async fn message(&mut self, wait: Duration) -> Result<Message, ClientError> {
        match self.frame(wait).await? {
            Frame::Diplomacy(tokens) => Ok(Message::parse(&tokens)?),
            Frame::Error(code) => Err(ClientError::Error(code)),
            Frame::Final => Err(ClientError::Closed),
            other => Err(ClientError::Unexpected(format!("{other:?}"))),
        }
    }

    /// Sends FM and closes.
    pub async fn close(mut self) -> Result<(), ClientError> {
        write_frame(&mut self.stream, &Frame::Final).await?;
        self.stream.shutdown().await?;
        Ok(())
    }
}
