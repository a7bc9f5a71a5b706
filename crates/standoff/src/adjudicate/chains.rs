//! Which fleets lie on a minimal convoy chain from a coast to a coast: a chain none of
//! whose fleets could be skipped. A chain is one exactly when only its first fleet
//! borders the army's province, only its last borders the destination, and no two of
//! its fleets border each other but those next to each other on it (an induced path).
//! Two rules ask it: the 2023 rulebook's unneeded convoy (a convoy order by a fleet on
//! no such chain of the fleets that could convoy is illegal, DATC 3.0 4.E.1), and the
//! `diplomacy` package's convoy paths (the smallest sets of fleets that reach: its
//! labels, `mila::labels`).
//!
//! Whether a fleet lies on some induced path is a hard question in general (a row of
//! seas each pair of which two seas join has 2^n such chains), so the search is
//! bounded: it takes at most [`SEARCH_STEPS`] steps (a look at a fleet to extend a
//! chain with, and each fleet marked on a chain found).
//! On a board that needs more (no board of a built-in map in play comes near; an
//! uploaded variant full of convoying fleets can), the fleets not yet found on a chain
//! are counted on one when some walk of fleets from the army's province to the
//! destination passes them: a superset of the exact answer (the 2023 rule then lets
//! the order stand, as the DATC's preference does). Invariant: one search ends after
//! at most `SEARCH_STEPS` steps, whatever the board (a step costs at most the chain's
//! length in border tests).

/// How many steps the search for one convoy may take before it gives up the exact
/// answer (some milliseconds of work).
pub(crate) const SEARCH_STEPS: usize = 1_000_000;

/// The fleets that may carry one army, as the search sees them.
pub(crate) struct ConvoyFleets {
    /// Per fleet: whether it borders the army's province.
    touches_from: Vec<bool>,
    /// Per fleet: whether it borders the destination.
    touches_to: Vec<bool>,
    /// Per pair of fleets (`a * count + b`): whether they border each other.
    linked: Vec<bool>,
}

impl ConvoyFleets {
    /// The fleets `0..count`: which border the army's province, which the destination,
    /// which each other.
    pub fn new(
        count: usize,
        touches_from: impl Fn(usize) -> bool,
        touches_to: impl Fn(usize) -> bool,
        linked: impl Fn(usize, usize) -> bool,
    ) -> Self {
        let mut pairs = vec![false; count * count];
        for a in 0..count {
            for b in 0..count {
                pairs[a * count + b] = a != b && linked(a, b);
            }
        }
        ConvoyFleets {
            touches_from: (0..count).map(touches_from).collect(),
            touches_to: (0..count).map(touches_to).collect(),
            linked: pairs,
        }
    }

    fn count(&self) -> usize {
        self.touches_from.len()
    }

    fn link(&self, a: usize, b: usize) -> bool {
        self.linked[a * self.count() + b]
    }

    /// Per fleet: whether it is on a minimal chain (see the module), found by a
    /// depth-first search of the chains in at most `steps` steps (past them, every
    /// fleet a walk passes).
    pub fn on_chains(&self, steps: usize) -> Vec<bool> {
        let count = self.count();
        let mut on = vec![false; count];
        let mut marked = 0;
        let mut left = steps;
        let mut in_chain = vec![false; count];
        // The chain; `next[d]`: the next fleet to try after the chain's fleet `d`.
        let mut chain: Vec<usize> = Vec::new();
        let mut next: Vec<usize> = Vec::new();
        for start in (0..count).filter(|&f| self.touches_from[f]) {
            chain.push(start);
            next.push(0);
            in_chain[start] = true;
            while let (Some(&last), Some(tried)) = (chain.last(), next.last_mut()) {
                if self.touches_to[last] && *tried == 0 {
                    // A chain stops where it reaches the destination.
                    if left < chain.len() {
                        return self.walks_through(on);
                    }
                    left -= chain.len();
                    for &f in &chain {
                        marked += usize::from(!on[f]);
                        on[f] = true;
                    }
                    if marked == count {
                        return on;
                    }
                    *tried = count;
                }
                let mut extension = None;
                while *tried < count && extension.is_none() {
                    if left == 0 {
                        return self.walks_through(on);
                    }
                    left -= 1;
                    let candidate = *tried;
                    *tried += 1;
                    let fits = !in_chain[candidate]
                        && self.link(last, candidate)
                        && !self.touches_from[candidate]
                        && chain[..chain.len() - 1]
                            .iter()
                            .all(|&f| !self.link(f, candidate));
                    extension = fits.then_some(candidate);
                }
                if let Some(candidate) = extension {
                    in_chain[candidate] = true;
                    chain.push(candidate);
                    next.push(0);
                } else if let Some(f) = chain.pop() {
                    next.pop();
                    in_chain[f] = false;
                }
            }
        }
        on
    }

    /// `on`, with every fleet added that some walk of fleets (not only an induced one)
    /// from the army's province to the destination passes.
    fn walks_through(&self, mut on: Vec<bool>) -> Vec<bool> {
        let from_start = self.reach(|f| self.touches_from[f]);
        let from_end = self.reach(|f| self.touches_to[f]);
        for (f, on) in on.iter_mut().enumerate() {
            *on |= from_start[f] && from_end[f];
        }
        on
    }

    /// The fleets reachable over bordering fleets from those `seed` picks.
    fn reach(&self, seed: impl Fn(usize) -> bool) -> Vec<bool> {
        let count = self.count();
        let mut seen: Vec<bool> = (0..count).map(&seed).collect();
        let mut stack: Vec<usize> = (0..count).filter(|&f| seen[f]).collect();
        while let Some(f) = stack.pop() {
            for (g, seen) in seen.iter_mut().enumerate() {
                if !*seen && self.link(f, g) {
                    *seen = true;
                    stack.push(g);
                }
            }
        }
        seen
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Fleets on a line 0-1-2-...-(n-1), the first bordering the army, the last the
    /// destination, with extra borders given.
    fn line(n: usize, extra: &[(usize, usize)]) -> ConvoyFleets {
        ConvoyFleets::new(
            n,
            |f| f == 0,
            |f| f == n - 1,
            |a, b| a.abs_diff(b) == 1 || extra.contains(&(a, b)) || extra.contains(&(b, a)),
        )
    }

    #[test]
    fn a_fleet_only_on_a_chain_with_a_shortcut_is_off() {
        // 0-1-2-3 with 0 bordering 2: the chain 0-2-3 makes 1 unneeded.
        assert_eq!(
            line(4, &[(0, 2)]).on_chains(SEARCH_STEPS),
            [true, false, true, true]
        );
        assert_eq!(line(4, &[]).on_chains(SEARCH_STEPS), [true; 4]);
    }

    #[test]
    fn an_exhausted_search_counts_every_fleet_a_walk_passes() {
        // With no steps the exact answer is not looked for: 1 is on a walk.
        assert_eq!(line(4, &[(0, 2)]).on_chains(0), [true; 4]);
        // A fleet that no walk passes stays off: 4 borders no other fleet.
        let fleets = ConvoyFleets::new(
            5,
            |f| f == 0,
            |f| f == 3,
            |a, b| a.abs_diff(b) == 1 && a.max(b) < 4,
        );
        assert_eq!(fleets.on_chains(0), [true, true, true, true, false]);
    }
}
