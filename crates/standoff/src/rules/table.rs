//! The options table: every rule option with its DATC issue, choices and meaning, for
//! `standoff rules`, the docs and name lookup.

use super::*;

/// One option of [`RuleSet`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionInfo {
    /// DATC issue id (`4.A.2`), or the rulebook it comes from.
    pub issue: &'static str,
    /// Field name in [`RuleSet`] and in files (`paradox`).
    pub field: &'static str,
    /// The issue's title.
    pub title: &'static str,
    /// `(letter, name, description)` of each choice, in the DATC's order.
    pub choices: Vec<(char, String, &'static str)>,
}

macro_rules! option {
    ($issue:literal, $field:literal, $title:literal, $ty:ty) => {
        OptionInfo {
            issue: $issue,
            field: $field,
            title: $title,
            choices: <$ty>::ALL
                .iter()
                .map(|c| (c.letter(), c.name(), c.description()))
                .collect(),
        }
    };
}

/// Every option, in DATC order.
pub fn describe_options() -> Vec<OptionInfo> {
    vec![
        option!(
            "4.A.1",
            "multi_route_convoy",
            "Multi-route convoy disruption",
            MultiRouteConvoy
        ),
        option!(
            "4.A.2",
            "paradox",
            "Convoy disruption paradoxes",
            ParadoxRule
        ),
        option!(
            "4.A.3",
            "adjacent_convoy",
            "Convoying to an adjacent place",
            AdjacentConvoy
        ),
        option!(
            "4.A.3/2023",
            "via_convoy_fallback",
            "Land route after a failed \"via convoy\"",
            ViaConvoyFallback
        ),
        option!(
            "4.A.4",
            "convoyed_attack_on_support",
            "Support cut on attack on itself via convoy",
            ConvoyedAttackOnSupport
        ),
        option!(
            "4.A.5",
            "retreat_to_convoy_origin",
            "Retreat when dislodged by convoy",
            RetreatToConvoyOrigin
        ),
        option!(
            "4.A.6",
            "convoy_path",
            "Convoy path specification",
            ConvoyPathSpecification
        ),
        option!(
            "4.A.7",
            "dislodged_unit_effect",
            "Avoiding a head-to-head battle to bounce a unit",
            DislodgedUnitEffect
        ),
        option!(
            "4.B.1",
            "missing_coast_two",
            "Omitted coast when two coasts are possible",
            MissingCoastTwoPossible
        ),
        option!(
            "4.B.2",
            "missing_coast_one",
            "Omitted coast when one coast is possible",
            MissingCoastOnePossible
        ),
        option!(
            "4.B.3",
            "impossible_coast",
            "Move order to an impossible coast",
            ImpossibleCoast
        ),
        option!(
            "4.B.4",
            "support_coast",
            "Coast specification in support orders",
            SupportCoast
        ),
        option!(
            "4.B.5",
            "wrong_unit_coast",
            "Wrong coast of the ordered unit",
            WrongCoastOfUnit
        ),
        option!(
            "4.B.6",
            "unknown_coast",
            "Unknown or irrelevant coasts",
            UnknownCoast
        ),
        option!(
            "4.B.7",
            "build_coast",
            "Coast specification in build orders",
            BuildCoast
        ),
        option!(
            "4.C.1",
            "missing_unit_type",
            "Missing unit designation",
            Designation
        ),
        option!(
            "4.C.2",
            "wrong_unit_type",
            "Wrong unit designation",
            Designation
        ),
        option!(
            "4.C.3",
            "build_without_type",
            "Missing unit designation in a build order",
            BuildWithoutType
        ),
        option!(
            "4.C.4",
            "fleet_build_inland",
            "Building a fleet in a land area",
            FleetBuildInland
        ),
        option!(
            "4.C.5",
            "missing_nationality",
            "Missing nationality in support orders",
            Designation
        ),
        option!(
            "4.C.6",
            "wrong_nationality",
            "Wrong nationality in support orders",
            Designation
        ),
        option!(
            "4.D.1",
            "order_sets_ordered",
            "Multiple order sets with defined order",
            OrderSetsOrdered
        ),
        option!(
            "4.D.2",
            "order_sets_unordered",
            "Multiple order sets with undefined order",
            OrderSetsUnordered
        ),
        option!(
            "4.D.3",
            "multiple_orders",
            "Multiple orders to the same unit",
            MultipleOrders
        ),
        option!(
            "4.D.4",
            "too_many_builds",
            "Too many build orders",
            ExcessAdjustments
        ),
        option!(
            "4.D.5",
            "builds_in_one_area",
            "Multiple build orders for one area",
            ExcessAdjustments
        ),
        option!(
            "4.D.6",
            "too_many_removals",
            "Too many disband orders",
            ExcessAdjustments
        ),
        option!("4.D.7", "waive", "Waiving builds", Waive),
        option!(
            "4.D.8",
            "civil_disorder_distance",
            "Removing a unit in civil disorder: distance",
            CivilDisorderDistance
        ),
        option!(
            "4.D.8/2023",
            "civil_disorder_target",
            "Removing a unit in civil disorder: measured to",
            CivilDisorderTarget
        ),
        option!(
            "4.D.8/DPTG",
            "civil_disorder_ties",
            "Removing a unit in civil disorder: alphabetical order of ties",
            CivilDisorderTies
        ),
        option!(
            "4.D.9",
            "civil_disorder_support",
            "Receiving hold support in civil disorder",
            CivilDisorderSupport
        ),
        option!("4.E.1", "legality", "Illegal orders", Legality),
        option!(
            "4.E.1/2023",
            "unneeded_convoy",
            "Convoy orders no convoy needs",
            UnneededConvoy
        ),
        option!(
            "4.E.2",
            "poorly_written",
            "Poorly written orders",
            PoorlyWritten
        ),
        option!("4.E.3", "implicit_orders", "Implicit orders", Allowance),
        option!("4.E.4", "perpetual_orders", "Perpetual orders", Allowance),
        option!("4.E.5", "proxy_orders", "Proxy orders", ProxyOrders),
    ]
}

/// The options table in Markdown: issue, field, choices (with the presets using each)
/// and the default, for `docs/rules.md`.
pub fn options_markdown() -> String {
    use std::fmt::Write;
    let presets: Vec<(&str, serde_json::Value)> = super::preset_names()
        .into_iter()
        .filter_map(|n| Some((n, serde_json::to_value(super::preset(n).ok()?).ok()?)))
        .collect();
    let mut out = String::from(
        "| issue | field | choices (presets using each) | default |\n|---|---|---|---|\n",
    );
    let default = serde_json::to_value(RuleSet::default()).unwrap_or_default();
    for o in describe_options() {
        let choices: Vec<String> = o
            .choices
            .iter()
            .map(|(letter, name, description)| {
                let users: Vec<&str> = presets
                    .iter()
                    .filter(|(_, v)| v[o.field].as_str() == Some(name.as_str()))
                    .map(|(n, _)| *n)
                    .collect();
                let description = description
                    .strip_prefix(&format!("({letter}) "))
                    .unwrap_or(description);
                let users = if users.is_empty() {
                    String::new()
                } else {
                    format!(" [{}]", users.join(", "))
                };
                format!("**{letter}** `{name}`: {description}{users}")
            })
            .collect();
        let default_choice = default[o.field].as_str().unwrap_or("");
        let _ = writeln!(
            out,
            "| {} | `{}` | {} | `{}` |",
            o.issue,
            o.field,
            choices.join("<br>"),
            default_choice
        );
    }
    out
}
