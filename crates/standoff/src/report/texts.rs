//! Outcomes and reasons in words.

use crate::adjudicate::{Illegal, Outcome};
use crate::variant::Variant;

/// Why an order was not followed, in words.
pub fn illegal_text(why: Illegal) -> &'static str {
    match why {
        Illegal::NoUnit => "there is no unit there",
        Illegal::NotYourUnit => "the unit belongs to another power",
        Illegal::WrongPhase => "this order does not belong in this phase",
        Illegal::NotAdjacent => "the unit cannot move there",
        Illegal::MoveToOwnProvince => "a unit cannot move to its own province",
        Illegal::NoPossibleConvoy => "no fleets could convoy this move",
        Illegal::CoastNotSpecified => "the coast must be given (both coasts can be reached)",
        Illegal::CoastNotReachable => "the fleet cannot reach that coast",
        Illegal::NothingToSupport => "there is no unit to support there",
        Illegal::SupportOwnProvince => {
            "a unit cannot support itself or a move into its own province"
        }
        Illegal::SupporterCannotReach => "the supporting unit cannot reach that province",
        Illegal::SupportedMoveImpossible => "the supported unit cannot make that move",
        Illegal::ConvoyNotAtSea => "only fleets at sea can convoy",
        Illegal::NoArmyToConvoy => "there is no army to convoy there",
        Illegal::ConvoyImpossible => "this fleet cannot be part of a convoy route for that move",
        Illegal::ConflictingOrders => "the unit was given different orders",
        Illegal::FleetInland => "a fleet cannot be built in an inland province",
        Illegal::NotHomeCenter => "builds are only allowed in home centers",
        Illegal::CenterNotOwned => "the power does not own that home center",
        Illegal::CenterOccupied => "the center is occupied",
        Illegal::UnitTypeMissing => "the unit type (A or F) must be given",
        Illegal::WrongUnitType => "the unit type written is not the unit's",
        Illegal::WrongCoast => "the fleet is not on the coast written",
        Illegal::ConvoyNotNeeded => "no convoy needs this convoy order",
        Illegal::ConvoyLineNotUsed => "another convoy line of this fleet was used",
        Illegal::WaiveNotAllowed => "builds may not be waived under these rules",
        Illegal::Frozen => "the space is frozen (ice) this season",
        Illegal::DifficultBorder => "no support across a difficult passable border",
        Illegal::NationalityMissing => "the nationality of a foreign unit must be given",
        Illegal::WrongNationality => "the unit has another nationality",
        Illegal::NothingDue => "the power has no (more) builds or removals to make",
        Illegal::NotARetreatOption => "the unit cannot retreat there",
        Illegal::FleetCannotBeConvoyed => "only armies can be convoyed",
        Illegal::NoRailway => "there is no railway on this map",
        Illegal::RailwayNotYours => "only the railway's own power may use it",
        Illegal::NotOnRailway => "only an army on the railway may ride it, to a space on the line",
        Illegal::RailwayBusy => "two units were ordered onto the railway: neither rides",
        Illegal::NoCanal => "there is no canal on this map",
        Illegal::NoFleetToBoard => {
            "an army is convoyed by moving onto an adjacent sea holding a fleet"
        }
        Illegal::NeutralGround => "units on neutral ground (Switzerland) cannot support",
        Illegal::NotThroughCanal => "a permission is for a fleet passing the canal",
        Illegal::ProxyNotAllowed => "proxy orders are not allowed under these rules",
        Illegal::UnknownCoast => "the space has no such coast",
        Illegal::IrrelevantCoast => "coasts mean nothing for armies",
        Illegal::PathImpossible => {
            "the convoy path does not lead through fleets at sea to the destination"
        }
        Illegal::PathMissing => "a convoyed move must give its convoy path",
        Illegal::UnitProxied => "the unit's order was handed to another power (proxy)",
    }
}

/// An outcome in words (`bounces (Bur)`, `support cut by Mun`).
pub fn outcome_text(variant: &Variant, outcome: &Outcome) -> String {
    let abbr = |p: crate::ProvinceId| variant.map.province(p).abbr.clone();
    match outcome {
        Outcome::Held => "holds".into(),
        Outcome::Moved => "moves".into(),
        Outcome::Bounced { against: Some(p) } => format!("bounces ({})", abbr(*p)),
        Outcome::Bounced { against: None } => "bounces".into(),
        Outcome::NoConvoy => "fails: no convoy (or, under 4.E.1 a/b, no route at all)".into(),
        Outcome::ParadoxFailed => "fails: paradox rule (Szykman, or the variant's)".into(),
        Outcome::Disbanded => "disbanded".into(),
        Outcome::LandedAt { at } => format!("convoyed to {}", abbr(*at)),
        Outcome::CanalClosed => "fails: no passage through the canal".into(),
        Outcome::Stopped { at } => format!("stops short at {}", abbr(*at)),
        Outcome::Supported => "support given".into(),
        Outcome::Cut { by } => format!("support cut by {}", abbr(*by)),
        Outcome::Convoyed => "convoys".into(),
        Outcome::Void => "void: matches no order of that unit".into(),
        Outcome::Illegal(why) => format!("illegal: {}", illegal_text(*why)),
    }
}
