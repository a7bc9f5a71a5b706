//! [`Rules`]: a [`RuleSet`] that has passed [`RuleSet::check_supported`]. Every entry
//! point that adjudicates, reads orders or plays a game takes this type, so a rule set
//! using a choice that is not implemented is refused where it is built and can never
//! reach the judge ("refused, never silently adjudicated" by construction).

use super::{RuleSet, RulesError};
use std::ops::Deref;

/// A rule set whose every choice is implemented. Built only by [`Rules::new`] (or
/// [`Rules::parse`]), which checks it; reads as the [`RuleSet`] it holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(transparent)]
pub struct Rules(RuleSet);

impl Rules {
    /// The default rules: the 2000 rulebook with the DATC's preferences (supported, as
    /// the `datc_rules_are_supported` test checks).
    pub const DATC: Rules = Rules(RuleSet::DATC);

    /// `rules`, once checked: refused when it uses a choice that is not implemented.
    pub fn new(rules: RuleSet) -> Result<Rules, RulesError> {
        rules.check_supported()?;
        Ok(Rules(rules))
    }

    /// Reads `preset` or `preset option=choice ...` ([`RuleSet::parse`]) and checks it.
    pub fn parse(spec: &str) -> Result<Rules, RulesError> {
        Rules::new(RuleSet::parse(spec)?)
    }

    /// The rule set (for saving it, or reading a field).
    #[inline]
    pub fn rule_set(&self) -> &RuleSet {
        &self.0
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::DATC
    }
}

impl Deref for Rules {
    type Target = RuleSet;
    #[inline]
    fn deref(&self) -> &RuleSet {
        &self.0
    }
}

impl TryFrom<RuleSet> for Rules {
    type Error = RulesError;
    fn try_from(rules: RuleSet) -> Result<Rules, RulesError> {
        Rules::new(rules)
    }
}

impl From<Rules> for RuleSet {
    fn from(rules: Rules) -> RuleSet {
        rules.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn datc_rules_are_supported() {
        assert_eq!(Rules::new(RuleSet::DATC), Ok(Rules::DATC));
    }
}
