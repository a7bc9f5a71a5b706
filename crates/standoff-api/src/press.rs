//! Press: messages between powers, to the gamemaster, public announcements and GM
//! notices (`POST/GET /api/games/{id}/messages`).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Who a message is for: `"all"` (a public announcement, or a GM notice to everyone),
/// `"gm"` (the gamemaster only), or a list of power names (a private or group message;
/// from the GM, a notice to those powers).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum MessageTo {
    /// `"all"` or `"gm"`.
    Word(String),
    /// `["England", "Germany"]`.
    Powers(Vec<String>),
}

/// `POST /api/games/{id}/messages`.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SendMessage {
    /// Recipients.
    pub to: MessageTo,
    /// The text (1 to 10,000 characters).
    pub body: String,
}

/// One message as its reader may see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct MessageView {
    /// Message id (increasing in the order sent).
    pub id: i64,
    /// The phase it was sent in (`Spring 1901 Movement`).
    pub phase: String,
    /// That phase's number.
    pub phase_number: i64,
    /// The sending power, or `Gamemaster`.
    pub from: String,
    /// The sending player's name: hidden in anonymous games (except to the GM).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from_player: Option<String>,
    /// A public announcement (or GM notice to everyone).
    pub to_all: bool,
    /// To the gamemaster only.
    pub to_gm: bool,
    /// The powers it was sent to (empty when `to_all` or `to_gm`).
    pub to: Vec<String>,
    /// The text.
    pub body: String,
    /// When it was sent.
    pub sent_at: chrono::DateTime<chrono::Utc>,
}

/// `GET /api/games/{id}/messages`: the messages the caller may read, oldest first.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct MessageList {
    /// Messages (after `since`, at most `limit`).
    pub messages: Vec<MessageView>,
    /// How many of them the caller had not read before this request (this request
    /// marks them read).
    pub unread: usize,
}
