//! The SMTP mailer against a loopback listener the test starts itself (127.0.0.1, a free
//! port), and the disabled mailer. Every wait is bounded.

use standoff_mail::loopback::LoopbackSmtp;
use standoff_mail::{
    Address, DisabledMailer, MailError, Mailer, Notice, SmtpMailer, SmtpSecurity, SmtpSettings,
};
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(10);

fn settings(port: u16, credentials: Option<(&str, &str)>) -> SmtpSettings {
    SmtpSettings {
        host: "127.0.0.1".into(),
        port,
        security: SmtpSecurity::None,
        credentials: credentials.map(|(u, p)| (u.to_string(), p.to_string())),
        from: Address::new("judge@example.org", Some("standoff judge")).expect("address"),
        timeout: Duration::from_secs(5),
    }
}

fn notice(subject: &str, body: &str) -> Notice {
    Notice {
        to: Address::new("france@example.org", Some("Ann")).expect("address"),
        subject: subject.into(),
        body: body.into(),
    }
}

#[tokio::test]
async fn a_notice_reaches_the_relay_with_envelope_headers_and_body() {
    let relay = LoopbackSmtp::start().await.expect("listener");
    let mailer = SmtpMailer::new(settings(relay.port(), None)).expect("mailer");
    assert!(mailer.is_enabled());
    let body = "Spring 1901 results.\n.a line starting with a dot\nend";
    mailer
        .send(&notice("[standoff] g1: S1901M results", body))
        .await
        .expect("sent");
    let got = relay.wait_for(1, WAIT).await.expect("one message");
    assert_eq!(got.len(), 1);
    let message = &got[0];
    assert_eq!(message.mail_from, "judge@example.org");
    assert_eq!(message.rcpt_to, vec!["france@example.org".to_string()]);
    assert_eq!(message.authenticated_as, None);
    assert_eq!(
        message.header("Subject").as_deref(),
        Some("[standoff] g1: S1901M results")
    );
    let from = message.header("From").expect("From header");
    assert!(from.contains("judge@example.org"), "{from}");
    let to = message.header("To").expect("To header");
    assert!(to.contains("france@example.org"), "{to}");
    let body_got = message.body().replace("\r\n", "\n");
    assert_eq!(body_got.trim_end(), body);
}

#[tokio::test]
async fn a_subject_with_line_breaks_cannot_inject_headers() {
    let relay = LoopbackSmtp::start().await.expect("listener");
    let mailer = SmtpMailer::new(settings(relay.port(), None)).expect("mailer");
    mailer
        .send(&notice("hello\r\nBcc: victim@example.org", "body"))
        .await
        .expect("sent");
    let got = relay.wait_for(1, WAIT).await.expect("one message");
    assert_eq!(got[0].header("Bcc"), None);
    assert_eq!(got[0].rcpt_to, vec!["france@example.org".to_string()]);
}

#[tokio::test]
async fn credentials_are_used_when_configured() {
    let relay = LoopbackSmtp::start_with_credentials("judge", "s3cret")
        .await
        .expect("listener");
    let mailer =
        SmtpMailer::new(settings(relay.port(), Some(("judge", "s3cret")))).expect("mailer");
    mailer.send(&notice("hi", "body")).await.expect("sent");
    let got = relay.wait_for(1, WAIT).await.expect("one message");
    assert_eq!(got[0].authenticated_as.as_deref(), Some("judge"));
}

#[tokio::test]
async fn wrong_credentials_are_an_error_and_nothing_is_delivered() {
    let relay = LoopbackSmtp::start_with_credentials("judge", "s3cret")
        .await
        .expect("listener");
    let mailer = SmtpMailer::new(settings(relay.port(), Some(("judge", "wrong")))).expect("mailer");
    let sent = mailer.send(&notice("hi", "body")).await;
    assert!(matches!(sent, Err(MailError::Relay(_))), "{sent:?}");
    assert!(relay.received().is_empty());
}

#[tokio::test]
async fn no_relay_listening_is_an_error_not_a_hang() {
    // Take a free port, then close it.
    let port = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        listener.local_addr().expect("addr").port()
    };
    let mailer = SmtpMailer::new(settings(port, None)).expect("mailer");
    let sent = tokio::time::timeout(WAIT, mailer.send(&notice("hi", "body")))
        .await
        .expect("bounded");
    assert!(matches!(sent, Err(MailError::Relay(_))), "{sent:?}");
}

#[tokio::test]
async fn a_relay_that_never_greets_times_out() {
    let silent = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let port = silent.local_addr().expect("addr").port();
    let hold = tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((stream, _)) = silent.accept().await {
            held.push(stream);
        }
    });
    let mut quick = settings(port, None);
    quick.timeout = Duration::from_millis(300);
    let mailer = SmtpMailer::new(quick).expect("mailer");
    let sent = tokio::time::timeout(WAIT, mailer.send(&notice("hi", "body")))
        .await
        .expect("bounded");
    assert!(
        matches!(sent, Err(MailError::Timeout(_)) | Err(MailError::Relay(_))),
        "{sent:?}"
    );
    hold.abort();
}

#[tokio::test]
async fn the_disabled_mailer_sends_nothing_and_succeeds() {
    let mailer = DisabledMailer;
    assert!(!mailer.is_enabled());
    mailer
        .send(&notice("hi", "body"))
        .await
        .expect("dropped quietly");
}

#[test]
fn bad_addresses_are_refused_with_the_text() {
    let err = Address::new("not an address", None).expect_err("refused");
    assert!(err.to_string().contains("not an address"), "{err}");
    assert!(Address::new("a@b.example", Some("Evil\r\nBcc: x")).is_err());
    assert!(SmtpMailer::new(SmtpSettings {
        host: " ".into(),
        ..settings(25, None)
    })
    .is_err());
}
