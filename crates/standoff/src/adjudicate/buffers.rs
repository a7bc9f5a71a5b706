//! Storage the judge and the resolver reuse from one movement phase to the next on the
//! same thread: their per-unit and per-province vectors are handed back when they are
//! dropped and taken again by the next phase, so a phase allocates almost nothing once a
//! thread has adjudicated one.

use super::csr::Csr;
use super::judge::{Eff, Status, Submitted};
use super::routes::ProvinceSet;
use crate::ids::{LocationId, PowerId, ProvinceId};
use crate::unit::UnitKind;
use std::cell::RefCell;

/// The judge's reusable vectors (each emptied before reuse).
#[derive(Default)]
pub(super) struct JudgeBuffers {
    pub prov: Vec<ProvinceId>,
    pub power: Vec<PowerId>,
    pub kind: Vec<UnitKind>,
    pub loc: Vec<LocationId>,
    pub at: Vec<u16>,
    pub eff: Vec<Eff>,
    pub status: Vec<Status>,
    pub ordered: Vec<bool>,
    pub submitted: Vec<Submitted>,
    pub supports_of: Csr,
    pub moves_into: Csr,
    pub convoyers_of: Csr,
    pub fleets_at_sea: ProvinceSet,
    pub legal_carriers: ProvinceSet,
    pub carrier_list: Vec<ProvinceId>,
}

/// The resolver's reusable vectors (`S`: its decision state).
pub(super) struct ResolverBuffers<S> {
    pub state: Vec<S>,
    pub result: Vec<bool>,
    pub deps: Vec<u16>,
    pub paradox: Vec<bool>,
    pub scratch: Vec<u16>,
}

impl<S> Default for ResolverBuffers<S> {
    fn default() -> Self {
        ResolverBuffers {
            state: Vec::new(),
            result: Vec::new(),
            deps: Vec::new(),
            paradox: Vec::new(),
            scratch: Vec::new(),
        }
    }
}

thread_local! {
    static JUDGE: RefCell<Option<JudgeBuffers>> = const { RefCell::new(None) };
}

/// The thread's judge buffers (fresh ones if another judge holds them).
pub(super) fn take_judge() -> JudgeBuffers {
    JUDGE
        .try_with(|cell| cell.borrow_mut().take())
        .ok()
        .flatten()
        .unwrap_or_default()
}

/// Hands judge buffers back for the thread's next phase.
pub(super) fn give_judge(buffers: JudgeBuffers) {
    let _ = JUDGE.try_with(|cell| *cell.borrow_mut() = Some(buffers));
}

/// Empties `v` for reuse.
#[inline]
pub(super) fn emptied<T>(mut v: Vec<T>) -> Vec<T> {
    v.clear();
    v
}
