//! What the renderer reads from a position, in one place (so a change in how
//! `Position` exposes its record touches only this file).

use crate::ids::{PowerId, ProvinceId};
use crate::phase::Phase;
use crate::position::{Dislodged, Position};

/// The phase about to be played.
pub(super) fn phase(position: &Position) -> Phase {
    position.phase
}

/// The owner of the center in `p`, if any.
pub(super) fn center_owner(position: &Position, p: ProvinceId) -> Option<PowerId> {
    position.owners.get(p.index()).copied().flatten()
}

/// The power whose unit last stood in `p`, where the variant keeps that record.
pub(super) fn last_occupant(position: &Position, p: ProvinceId) -> Option<PowerId> {
    position.last_occupant.get(p.index()).copied().flatten()
}

/// The dislodged units waiting to retreat.
pub(super) fn dislodged(position: &Position) -> &[Dislodged] {
    &position.dislodged
}
