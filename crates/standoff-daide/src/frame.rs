//! Message framing (protocol chapter 3): the four-octet header (type, pad, remaining
//! length, big endian) and the five message types — initial (IM), representation (RM),
//! diplomacy (DM), final (FM) and error (EM) — with the protocol's error codes. Pure:
//! bytes in, typed frames or typed errors out; no sockets.

use crate::token::Token;

/// The protocol version this crate speaks.
pub const VERSION: u16 = 1;
/// The IM's magic number.
pub const MAGIC: u16 = 0xDA10;
/// Octets in a header.
pub const HEADER_LEN: usize = 4;

/// Message types.
pub mod kind {
    /// Initial message.
    pub const IM: u8 = 0;
    /// Representation message.
    pub const RM: u8 = 1;
    /// Diplomacy message.
    pub const DM: u8 = 2;
    /// Final message.
    pub const FM: u8 = 3;
    /// Error message.
    pub const EM: u8 = 4;
}

/// The protocol's error codes (protocol 3.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorCode {
    /// 0x01: no IM within the initial timer.
    ImTimerPopped,
    /// 0x02: the client's first message was not an IM.
    ImNotFirst,
    /// 0x03: the IM was byte-swapped.
    ImWrongEndian,
    /// 0x04: the IM's magic number is wrong.
    ImWrongMagic,
    /// 0x05: unsupported version.
    VersionIncompatible,
    /// 0x06: a second IM.
    ImRepeated,
    /// 0x07: the server sent an IM.
    ImFromServer,
    /// 0x08: unknown message type.
    UnknownMessage,
    /// 0x09: message shorter than its type needs.
    MessageTooShort,
    /// 0x0A: DM before RM.
    DmBeforeRm,
    /// 0x0B: the server's first message was not an RM.
    RmNotFirst,
    /// 0x0C: an RM the client did not expect.
    UnexpectedRm,
    /// 0x0D: the client sent an RM.
    RmFromClient,
    /// 0x0E: a token that can never be valid in a DM.
    InvalidToken,
    /// Any other code received.
    Other(u16),
}

impl ErrorCode {
    /// The code on the wire.
    pub fn code(self) -> u16 {
        match self {
            ErrorCode::ImTimerPopped => 0x01,
            ErrorCode::ImNotFirst => 0x02,
            ErrorCode::ImWrongEndian => 0x03,
            ErrorCode::ImWrongMagic => 0x04,
            ErrorCode::VersionIncompatible => 0x05,
            ErrorCode::ImRepeated => 0x06,
            ErrorCode::ImFromServer => 0x07,
            ErrorCode::UnknownMessage => 0x08,
            ErrorCode::MessageTooShort => 0x09,
            ErrorCode::DmBeforeRm => 0x0A,
            ErrorCode::RmNotFirst => 0x0B,
            ErrorCode::UnexpectedRm => 0x0C,
            ErrorCode::RmFromClient => 0x0D,
            ErrorCode::InvalidToken => 0x0E,
            ErrorCode::Other(c) => c,
        }
    }

    /// The error named by a wire code.
    pub fn from_code(code: u16) -> ErrorCode {
        match code {
            0x01 => ErrorCode::ImTimerPopped,
            0x02 => ErrorCode::ImNotFirst,
            0x03 => ErrorCode::ImWrongEndian,
            0x04 => ErrorCode::ImWrongMagic,
            0x05 => ErrorCode::VersionIncompatible,
            0x06 => ErrorCode::ImRepeated,
            0x07 => ErrorCode::ImFromServer,
            0x08 => ErrorCode::UnknownMessage,
            0x09 => ErrorCode::MessageTooShort,
            0x0A => ErrorCode::DmBeforeRm,
            0x0B => ErrorCode::RmNotFirst,
            0x0C => ErrorCode::UnexpectedRm,
            0x0D => ErrorCode::RmFromClient,
            0x0E => ErrorCode::InvalidToken,
            c => ErrorCode::Other(c),
        }
    }
}

/// One RM entry: a token and its three-character name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RmEntry {
    /// The token (power or province category).
    pub token: Token,
    /// Its name: three of `A-Z`, `0-9`.
    pub name: [u8; 3],
}

impl RmEntry {
    /// The name as text.
    pub fn name_str(&self) -> String {
        String::from_utf8_lossy(&self.name).into_owned()
    }
}

/// One message of the protocol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Frame {
    /// IM: the client's greeting.
    Initial {
        /// Protocol version.
        version: u16,
    },
    /// RM: the tokens of the variant (empty: the standard map's).
    Representation(Vec<RmEntry>),
    /// DM: one language message.
    Diplomacy(Vec<Token>),
    /// FM: closing.
    Final,
    /// EM: a protocol error; the sender closes the connection.
    Error(ErrorCode),
}

/// What is wrong with a frame; [`FrameError::code`] is the EM to answer with.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FrameError {
    /// A message type the protocol does not define.
    #[error("unknown message type {0}")]
    UnknownType(u8),
    /// The body is shorter than the message type needs.
    #[error("message of type {kind} with {len} octets is shorter than expected")]
    TooShort {
        /// Message type.
        kind: u8,
        /// Remaining length given.
        len: usize,
    },
    /// The body length does not fit the message type.
    #[error("message of type {kind} cannot have {len} octets")]
    BadLength {
        /// Message type.
        kind: u8,
        /// Remaining length given.
        len: usize,
    },
    /// The IM came byte-swapped.
    #[error("the initial message is in the wrong byte order")]
    WrongEndian,
    /// The IM's magic number is wrong.
    #[error("the initial message has magic number 0x{0:04X}, not 0xDA10")]
    WrongMagic(u16),
    /// A token in a DM that is never valid (reserved categories).
    #[error("token 0x{0:04X} may never be sent")]
    InvalidToken(u16),
}

impl FrameError {
    /// The error code to send in an EM.
    pub fn code(&self) -> ErrorCode {
        match self {
            FrameError::UnknownType(_) => ErrorCode::UnknownMessage,
            FrameError::TooShort { .. } | FrameError::BadLength { .. } => {
                ErrorCode::MessageTooShort
            }
            FrameError::WrongEndian => ErrorCode::ImWrongEndian,
            FrameError::WrongMagic(_) => ErrorCode::ImWrongMagic,
            FrameError::InvalidToken(_) => ErrorCode::InvalidToken,
        }
    }
}

/// A header's message type and remaining length.
pub fn decode_header(header: [u8; HEADER_LEN]) -> (u8, usize) {
    (
        header[0],
        usize::from(u16::from_be_bytes([header[2], header[3]])),
    )
}

fn be16(body: &[u8], at: usize) -> u16 {
    u16::from_be_bytes([body[at], body[at + 1]])
}

impl Frame {
    /// Decodes a body of message type `kind`. Never panics.
    pub fn decode(kind: u8, body: &[u8]) -> Result<Frame, FrameError> {
        let len = body.len();
        let short = FrameError::TooShort { kind, len };
        let bad = FrameError::BadLength { kind, len };
        match kind {
            kind::IM => {
                if len < 4 {
                    return Err(short);
                }
                if len != 4 {
                    return Err(bad);
                }
                let version = be16(body, 0);
                let magic = be16(body, 2);
                if magic == MAGIC.swap_bytes() {
                    return Err(FrameError::WrongEndian);
                }
                if magic != MAGIC {
                    return Err(FrameError::WrongMagic(magic));
                }
                Ok(Frame::Initial { version })
            }
            kind::RM => {
                if len % 6 != 0 {
                    return Err(bad);
                }
                Ok(Frame::Representation(
                    body.chunks_exact(6)
                        .map(|c| RmEntry {
                            token: Token(u16::from_be_bytes([c[0], c[1]])),
                            name: [c[2], c[3], c[4]],
                        })
                        .collect(),
                ))
            }
            kind::DM => {
                if len < 2 {
                    return Err(short);
                }
                if len % 2 != 0 {
                    return Err(bad);
                }
                let tokens: Vec<Token> = body
                    .chunks_exact(2)
                    .map(|c| Token(u16::from_be_bytes([c[0], c[1]])))
                    .collect();
                if let Some(t) = tokens.iter().find(|t| t.is_reserved()) {
                    return Err(FrameError::InvalidToken(t.0));
                }
                Ok(Frame::Diplomacy(tokens))
            }
            kind::FM => {
                if len != 0 {
                    return Err(bad);
                }
                Ok(Frame::Final)
            }
            kind::EM => {
                if len < 2 {
                    return Err(short);
                }
                if len != 2 {
                    return Err(bad);
                }
                Ok(Frame::Error(ErrorCode::from_code(be16(body, 0))))
            }
            other => Err(FrameError::UnknownType(other)),
        }
    }

    /// Decodes one whole frame (header and body) from `bytes`; `Ok(None)` when more
    /// bytes are needed, with the octets used on success.
    pub fn decode_prefix(bytes: &[u8]) -> Result<Option<(Frame, usize)>, FrameError> {
        let Some(header) = bytes.get(..HEADER_LEN) else {
            return Ok(None);
        };
        let (kind, len) = decode_header([header[0], header[1], header[2], header[3]]);
        let Some(body) = bytes.get(HEADER_LEN..HEADER_LEN + len) else {
            return Ok(None);
        };
        Frame::decode(kind, body).map(|f| Some((f, HEADER_LEN + len)))
    }

    /// The frame as bytes. A DM or RM longer than the 16-bit length can say is cut at
    /// the last whole token that fits (never sent by this crate's users: messages are
    /// far smaller).
    pub fn encode(&self) -> Vec<u8> {
        let (kind, body): (u8, Vec<u8>) = match self {
            Frame::Initial { version } => {
                let mut b = version.to_be_bytes().to_vec();
                b.extend_from_slice(&MAGIC.to_be_bytes());
                (kind::IM, b)
            }
            Frame::Representation(entries) => (
                kind::RM,
                entries
                    .iter()
                    .flat_map(|e| {
                        let t = e.token.0.to_be_bytes();
                        [t[0], t[1], e.name[0], e.name[1], e.name[2], 0]
                    })
                    .collect(),
            ),
            Frame::Diplomacy(tokens) => (
                kind::DM,
                tokens.iter().flat_map(|t| t.0.to_be_bytes()).collect(),
            ),
            Frame::Final => (kind::FM, Vec::new()),
            Frame::Error(code) => (kind::EM, code.code().to_be_bytes().to_vec()),
        };
        let max = usize::from(u16::MAX);
        let body = if body.len() > max {
            let unit = if kind == kind::RM { 6 } else { 2 };
            &body[..max - max % unit]
        } else {
            &body[..]
        };
        let len = body.len() as u16;
        let mut out = Vec::with_capacity(HEADER_LEN + body.len());
        out.push(kind);
        out.push(0);
        out.extend_from_slice(&len.to_be_bytes());
        out.extend_from_slice(body);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn initial_message_checks_magic_and_byte_order() {
        let im = Frame::Initial { version: 1 }.encode();
        assert_eq!(im, vec![0, 0, 0, 4, 0, 1, 0xDA, 0x10]);
        assert_eq!(
            Frame::decode_prefix(&im),
            Ok(Some((Frame::Initial { version: 1 }, 8)))
        );
        assert_eq!(
            Frame::decode(kind::IM, &[0, 1, 0x10, 0xDA]),
            Err(FrameError::WrongEndian)
        );
        let e = Frame::decode(kind::IM, &[0, 1, 0x12, 0x34]).expect_err("bad magic");
        assert_eq!(e.code(), ErrorCode::ImWrongMagic);
        assert_eq!(
            Frame::decode(kind::IM, &[0, 1]).map_err(|e| e.code()),
            Err(ErrorCode::MessageTooShort)
        );
    }

    #[test]
    fn bad_frames_name_their_error_code() {
        assert_eq!(
            Frame::decode(9, &[]).map_err(|e| e.code()),
            Err(ErrorCode::UnknownMessage)
        );
        assert_eq!(
            Frame::decode(kind::DM, &[0x58, 0x00]).map_err(|e| e.code()),
            Err(ErrorCode::InvalidToken)
        );
        assert_eq!(
            Frame::decode(kind::DM, &[0x48]).map_err(|e| e.code()),
            Err(ErrorCode::MessageTooShort)
        );
        let em = Frame::Error(ErrorCode::InvalidToken).encode();
        assert_eq!(em, vec![4, 0, 0, 2, 0, 0x0E]);
    }

    #[test]
    fn partial_input_asks_for_more() {
        let dm = Frame::Diplomacy(vec![Token(0x4804)]).encode();
        assert_eq!(Frame::decode_prefix(&dm[..3]), Ok(None));
        assert_eq!(Frame::decode_prefix(&dm[..5]), Ok(None));
        assert!(matches!(Frame::decode_prefix(&dm), Ok(Some((_, 6)))));
    }
}
