//! The DAIDE protocol for standoff, the way AI bots talk to a Diplomacy server.
//!
//! Pure protocol code (no sockets) except [`client`]:
//! - [`token`]: the 16-bit tokens and the protocol's token table;
//! - [`frame`]: message framing (IM, RM, DM, FM, EM) with the protocol's error codes;
//! - [`tree`], [`order`], [`message`]: the level-0 message syntax as typed values
//!   (parse and print), with HUH's error position and PRN's bracket errors;
//! - [`mapping`]: the tokens of any variant, generated from its data (the standard
//!   map keeps the protocol's own), and their translation to the core's ids;
//! - [`client`]: a small async client over TCP (tokio), used by tests and benchmarks;
//! - [`bot`]: a random player on top of it (map from MDF, random legal-looking orders).
//!
//! Every decoder takes arbitrary bytes and answers with a typed error, never a panic.

pub mod bot;
pub mod client;
pub mod frame;
pub mod mapping;
pub mod message;
pub mod order;
pub mod token;
pub mod tree;

pub use frame::{ErrorCode, Frame, FrameError};
pub use mapping::{MapTokens, MappingError};
pub use message::{Message, MessageError};
pub use token::Token;
