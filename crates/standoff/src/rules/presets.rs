//! Presets: the rulebooks as the DATC describes them.
//!
//! - `datc`: the 2000 rulebook with the DATC 2.4 preferences (the default).
//! - `1982`: the 1982 (and 1992) rulebook: the 1982 paradox rule (4.A.2 b); a dislodged
//!   unit has no effect on its attacker's origin, literally (4.A.7 a); otherwise as
//!   `datc`, where the DATC reads the 1982 rules as the 2000 ones (4.A.3 d, 4.D.8 d).
//! - `1971`: the 1971 (and 1976) rulebook: one disrupted route disrupts a convoy
//!   (4.A.1 a); the 1971 paradox rule (4.A.2 a), with the Szykman rule where it gives no
//!   resolution (the DATC: 6.F.18, 6.F.22–24); the land route unless the unit in the
//!   target moves the opposite way and the convoy route is not disrupted (4.A.3 c, as
//!   DATC 3.0 reads the 1971 rules in 4.A.3 and 6.G.4; DATC 2.4 left b or c open); 4.A.7 a.
//! - `2023`: the 2023 rulebook with the DATC 3.0 preferences: as `datc`, but an explicit
//!   "via convoy" move never falls back to the land route (3.0 6.G.8, 6.G.11, 6.G.20); a
//!   convoy order is illegal when its fleet lies on no minimal route through the fleets
//!   that could convoy, judged without knowing any orders (3.0 4.E.1, 6.G.6, 6.G.19);
//!   civil-disorder distance lets both unit types cross land and sea (4.D.8 e) and is
//!   measured to the nearest owned supply center (3.0 4.D.8, 6.J).
//! - `dptg`: the Diplomacy Player's Technical Guide (1998), with the choices the DATC
//!   attributes to it: one disrupted route disrupts a convoy (4.A.1 a; the DPTG prefers
//!   routes of the army's own fleets, Step 1); the DPTG procedure for convoys and
//!   paradoxes (4.A.2 f); explicit adjacent convoying (4.A.3 e); a convoyed attack cuts a
//!   support even from the space the support goes into (4.A.4 b); a unit dislodged by a
//!   convoyed attack may retreat to the army's origin (4.A.5 b, DPTG XI); a dislodged
//!   unit has no effect on its attacker's origin only after a head-to-head battle
//!   (4.A.7 b); coasts in support orders are disregarded, even one the supported fleet
//!   cannot reach (4.B.4 e, DPTG IX); civil-disorder ties follow the DPTG's alphabetical
//!   list, gulfs under their proper names (DPTG XIII); every order
//!   in the right format is a legal order (4.E.1 a, though the DPTG calls the impossible
//!   ones "illegal": a move that cannot succeed still gets no support to hold). The other
//!   issues where the DATC names the DPTG (4.B.1 a, 4.B.2 a, 4.D.8 d) are the `datc`
//!   choices. The movement phase is adjudicated by the DPTG's Steps 1–20.

use super::*;

/// Names of the presets.
pub fn preset_names() -> Vec<&'static str> {
    vec!["datc", "1982", "1971", "2023", "dptg"]
}

/// The rule set of a preset (`datc`, `1982`, `1971`, `2023`, `dptg`; `2000` and
/// `default` are `datc`).
pub fn preset(name: &str) -> Result<RuleSet, RulesError> {
    let datc = RuleSet::default();
    Ok(match name.to_ascii_lowercase().as_str() {
        "datc" | "default" | "2000" => datc,
        "1982" | "1992" => RuleSet {
            paradox: ParadoxRule::Rule1982,
            dislodged_unit_effect: DislodgedUnitEffect::NoEffectOnAttackerOrigin,
            ..datc
        },
        "1971" | "1976" => RuleSet {
            multi_route_convoy: MultiRouteConvoy::AnyRouteDisrupted,
            paradox: ParadoxRule::Rule1971,
            adjacent_convoy: AdjacentConvoy::OppositeMoveWithRoute,
            dislodged_unit_effect: DislodgedUnitEffect::NoEffectOnAttackerOrigin,
            ..datc
        },
        "2023" => RuleSet {
            via_convoy_fallback: ViaConvoyFallback::NoFallback,
            unneeded_convoy: UnneededConvoy::Illegal,
            civil_disorder_distance: CivilDisorderDistance::Anywhere,
            civil_disorder_target: CivilDisorderTarget::OwnedCenters,
            ..datc
        },
        "dptg" => RuleSet {
            multi_route_convoy: MultiRouteConvoy::AnyRouteDisrupted,
            paradox: ParadoxRule::Dptg,
            adjacent_convoy: AdjacentConvoy::ExplicitOnly,
            convoyed_attack_on_support: ConvoyedAttackOnSupport::Cut,
            support_coast: SupportCoast::Ignored,
            civil_disorder_ties: CivilDisorderTies::DptgList,
            legality: Legality::AnyFormat,
            ..datc
        },
        _ => return Err(RulesError::UnknownPreset(name.to_string())),
    })
}
