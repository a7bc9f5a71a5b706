//! Steps 1 and 2: cancel inconsistent convoys and list the rest.
//!
//! The judge has already matched convoy orders with move orders (a fleet convoys an
//! army only when the army moves by convoy to the same place). Here each army moving by
//! convoy gets its convoy:
//!
//! - an army prefers to be convoyed by its own countrymen only: when its own fleets
//!   among the cooperating ones lay a complete route, the foreign fleets' convoy orders
//!   are cancelled (one foreign fleet is no worse than two, so this is all or nothing);
//! - a fleet on no route (a route passes through no body of water twice) is superfluous
//!   and its convoy order is cancelled;
//! - with no route left, the whole convoy is cancelled: the army holds (it still can
//!   receive no support to hold), the fleets hold normally.
//!
//! The own-country preference is the DPTG's remedy for "unwanted" convoys under its rule
//! that one disrupted route disrupts the whole convoy (DATC 4.A.1 a); when the rules
//! say a convoy is disrupted only when every route is (4.A.1 b), an extra route cannot
//! hurt, and no fleet is refused for being foreign.

use super::super::routes::{fleets_on_routes, route_exists, ProvinceSet};
use super::board::{Board, Convoy, Failure, Mark};
use crate::ids::ProvinceId;
use crate::rules::MultiRouteConvoy;

/// Steps 1 and 2: fills the convoy list; cancels the moves of armies without a route.
pub(super) fn form_convoys(board: &mut Board) {
    let judge = board.judge;
    let map = judge.map;
    for army in 0..judge.prov.len() {
        let Some((dest, true)) = judge.move_of(army) else {
            continue;
        };
        let origin = judge.prov[army];
        let mut fleets: Vec<u16> = judge.convoyers_of.get(army).to_vec();
        let own = |f: &u16| judge.power[*f as usize] == judge.power[army];
        if judge.rules.multi_route_convoy == MultiRouteConvoy::AnyRouteDisrupted
            && !fleets.iter().all(own)
        {
            let mut own_seas = ProvinceSet::new(map.province_count());
            for &f in fleets.iter().filter(|f| own(f)) {
                own_seas.insert(judge.prov[f as usize]);
            }
            if route_exists(map, origin, dest, &own_seas, None) {
                fleets.retain(own);
            }
        }
        let seas: Vec<ProvinceId> = fleets.iter().map(|&f| judge.prov[f as usize]).collect();
        let on_route = fleets_on_routes(map, origin, dest, &seas);
        let carrying: Vec<u16> = fleets
            .iter()
            .zip(on_route)
            .filter_map(|(&f, on)| on.then_some(f))
            .collect();
        if carrying.is_empty() {
            board.fail(army, Failure::NoConvoy);
            continue;
        }
        let index = board.convoys.len();
        for &f in &carrying {
            board.convoy_of[f as usize] = Some(index);
        }
        board.convoys.push(Convoy {
            army: army as u16,
            fleets: carrying,
            listed: true,
            mark: Mark::Plain,
        });
    }
}

/// Whether `convoy` is disrupted when the fleets for which `dislodged` says yes are
/// dislodged: by the DPTG (DATC 4.A.1 a) when any of its fleets is; under 4.A.1 b only
/// when the fleets left lay no route.
pub(super) fn disrupted(board: &Board, convoy: &Convoy, dislodged: impl Fn(u16) -> bool) -> bool {
    let judge = board.judge;
    match judge.rules.multi_route_convoy {
        MultiRouteConvoy::AnyRouteDisrupted => convoy.fleets.iter().any(|&f| dislodged(f)),
        MultiRouteConvoy::AllRoutesDisrupted => {
            let army = convoy.army as usize;
            let Some(dest) = board.target(army) else {
                return true;
            };
            let mut seas = ProvinceSet::new(judge.map.province_count());
            for &f in convoy.fleets.iter().filter(|&&f| !dislodged(f)) {
                seas.insert(judge.prov[f as usize]);
            }
            !route_exists(judge.map, judge.prov[army], dest, &seas, None)
        }
    }
}
