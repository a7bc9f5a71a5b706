//! # standoff
//!
//! A rules engine for the board game Diplomacy: the map and variants as data, an order
//! parser for the notations people write, and an adjudicator that follows the DATC
//! (Diplomacy Adjudicator Test Cases) under the 2000 rulebook and its preferences.
//!
//! The library is pure: no I/O, deterministic, and it never panics on input. Errors are
//! values; illegal orders are outcomes with reasons.
//!
//! ```
//! use standoff::{Variant, Position, adjudicate::adjudicate_text};
//!
//! let variant = Variant::standard();
//! let position = Position::initial(&variant);
//! let done = adjudicate_text(&variant, &position, "England: F lon - nth\nFrance: A par - bur");
//! assert!(done.errors.is_empty());
//! let nth = variant.map.find_province("North Sea").unwrap();
//! assert!(done.result.position.unit_at(nth).is_some());
//! ```

pub mod adjudicate;
pub mod assign;
pub mod batch;
pub mod bitset;
pub mod corpus;
pub mod datc;
pub mod game;
pub mod ids;
pub mod json;
pub mod legal;
pub mod limits;
pub mod map;
pub mod mila;
pub mod order;
pub mod parse;
pub mod phase;
pub mod position;
pub mod record;
pub mod render;
pub mod report;
pub mod rules;
pub mod saved_game;
pub mod scoring;
pub mod session;
pub mod submission;
pub mod unit;
pub mod variant;

pub use ids::{LocationId, PowerId, ProvinceId};
pub use map::{Map, Terrain};
pub use order::{ConvoyPath, Order, OrderKind, UnitRef};
pub use phase::{Phase, PhaseKind, Season};
pub use position::Position;
pub use unit::{Unit, UnitKind};
pub use variant::Variant;
