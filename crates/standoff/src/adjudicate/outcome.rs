//! What happened to each order, with the reason a report prints.

use crate::ids::ProvinceId;

/// Why an order was not followed at all (DATC 4.E.1 d: illegal orders are ignored and
/// the unit holds).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Illegal {
    /// No unit stands where the order says.
    NoUnit,
    /// The unit belongs to another power, which did not hand it over by a proxy order
    /// (DATC 4.E.5).
    NotYourUnit,
    /// This kind of order does not belong in this phase.
    WrongPhase,
    /// The unit cannot move there (not adjacent, wrong terrain).
    NotAdjacent,
    /// A move to the province the unit is in.
    MoveToOwnProvince,
    /// An army move over water with no fleets that could form a convoy route.
    NoPossibleConvoy,
    /// A fleet move to a two-coast province without a coast, when both are reachable
    /// (DATC 4.B.1 a).
    CoastNotSpecified,
    /// A fleet move to a coast it cannot reach (DATC 4.B.3 b).
    CoastNotReachable,
    /// Support for a unit that is not there.
    NothingToSupport,
    /// Support for oneself, or into one's own province.
    SupportOwnProvince,
    /// The supporter could not move to the province it supports into.
    SupporterCannotReach,
    /// The supported unit could not possibly make that move.
    SupportedMoveImpossible,
    /// Only fleets at sea can convoy.
    ConvoyNotAtSea,
    /// The convoyed unit is not an army, or there is none.
    NoArmyToConvoy,
    /// The fleet cannot be part of any convoy route for that move.
    ConvoyImpossible,
    /// The unit was given several different orders (DATC 4.D.3 c).
    ConflictingOrders,
    /// A fleet built in an inland province.
    FleetInland,
    /// A build outside the power's home centers.
    NotHomeCenter,
    /// A build in a home center the power does not own.
    CenterNotOwned,
    /// A build in an occupied center (or a second build there).
    CenterOccupied,
    /// The unit type is missing (a coastal build, DATC 4.C.3 c; any order under
    /// 4.C.1 a).
    UnitTypeMissing,
    /// The unit type written is not the unit's (DATC 4.C.2 a).
    WrongUnitType,
    /// The coast written is not the one the fleet is on (DATC 4.B.5 a).
    WrongCoast,
    /// A convoy order no convoy needs (2023 rulebook).
    ConvoyNotNeeded,
    /// A hop-by-hop convoy line the fleet did not use: another of its lines (another
    /// nationality's, or `otherwise`) carried the army (Bowen 5).
    ConvoyLineNotUsed,
    /// A waive where waiving is not allowed (DATC 4.D.7 b).
    WaiveNotAllowed,
    /// A move into or out of, or a support or convoy from, a frozen space (DATC 8).
    Frozen,
    /// A support across a difficult passable border (DATC 10).
    DifficultBorder,
    /// A foreign supported or convoyed unit named without nationality (DATC 4.C.5 a).
    NationalityMissing,
    /// A supported or convoyed unit named with another nationality (DATC 4.C.6 a).
    WrongNationality,
    /// A build or removal beyond what the power must do (DATC 4.D.4 b, 4.D.6 b).
    NothingDue,
    /// A fleet ordered to move "via convoy": only armies are convoyed.
    FleetCannotBeConvoyed,
    /// A retreat to a province that is not among the unit's retreat options.
    NotARetreatOption,
    /// A railway order on a map without a railway.
    NoRailway,
    /// A railway order for another power's army (DATC 7.B.34: only Russia rides the
    /// Trans-Siberian Railroad).
    RailwayNotYours,
    /// A railway order for a fleet, or from or to a space off the line.
    NotOnRailway,
    /// Two units ordered onto the railway: neither rides (DATC 7.B.33).
    RailwayBusy,
    /// A canal permission on a map without a canal.
    NoCanal,
    /// An army moved to a sea with no fleet to board, or not next to it (Bowen 4).
    NoFleetToBoard,
    /// A support from neutral ground (Bowen 11: units in Switzerland cannot support).
    NeutralGround,
    /// A canal permission for a passage that is not through the canal.
    NotThroughCanal,
    /// A proxy order where the rules do not allow them (DATC 4.E.5 c).
    ProxyNotAllowed,
    /// A coast the space does not have (DATC 4.B.6 a).
    UnknownCoast,
    /// A coast given for an army, or for a convoyed army's destination (DATC 4.B.6 a).
    IrrelevantCoast,
    /// A convoy path that does not lead through fleets at sea from the army to its
    /// destination (DATC 4.A.6 b, c).
    PathImpossible,
    /// A move that needs a convoy without the path the rules require (DATC 4.A.6 c).
    PathMissing,
    /// The owner handed the unit's order to another power with a proxy order
    /// (DATC 4.E.5 a, b).
    UnitProxied,
}

/// The result of a unit's order in a movement phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Outcome {
    /// A hold (or an order that left the unit in place without a success/failure).
    Held,
    /// The move succeeded.
    Moved,
    /// The move failed; `against` names a province whose unit or move stopped it.
    Bounced {
        /// The province of the unit that held or beat the move, if one did.
        against: Option<ProvinceId>,
    },
    /// A move by convoy whose convoy failed or was never ordered; for a convoy order,
    /// the convoy it belongs to did not carry the army (route incomplete or disrupted).
    NoConvoy,
    /// A convoyed move that failed under the paradox rule (Szykman), or a railway or
    /// canal move failed by its paradox rule.
    ParadoxFailed,
    /// A move through a canal without passage: no permission, or the unit in the gate
    /// left or was dislodged (DATC 7.C).
    CanalClosed,
    /// An army convoyed hop by hop landed here (Bowen 4: the fleets' orders decide
    /// where).
    LandedAt {
        /// Where it landed.
        at: ProvinceId,
    },
    /// Disbanded at the start of the turn (Bowen 10).
    Disbanded,
    /// A railway ride that ended short of its destination, at this space (DATC 7.B).
    Stopped {
        /// Where the ride ended.
        at: ProvinceId,
    },
    /// The support was given.
    Supported,
    /// The support was cut by an attack from this province (or by dislodgement).
    Cut {
        /// Where the cutting attack came from.
        by: ProvinceId,
    },
    /// The convoy order took part in a convoy.
    Convoyed,
    /// A support or convoy that matched no move or hold of the supported unit.
    Void,
    /// An illegal order: ignored, the unit holds.
    Illegal(Illegal),
}

/// A unit's result in a movement phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnitResult {
    /// The province the unit started in.
    pub province: ProvinceId,
    /// The unit as it stood before the phase.
    pub unit: crate::unit::Unit,
    /// What happened to its order.
    pub outcome: Outcome,
    /// Dislodged by a unit coming from this province.
    pub dislodged_by: Option<ProvinceId>,
}
