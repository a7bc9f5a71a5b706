//! The `--games/--phases/--seed` arguments naming a seeded random-game corpus, shared by
//! `standoff corpus` and `standoff bench` so both mean the same phases by default.

/// Which seeded random-game corpus to use.
#[derive(clap::Args)]
pub struct CorpusArgs {
    /// Random games in the corpus.
    #[arg(long, default_value_t = 20)]
    pub games: usize,
    /// Phases per game.
    #[arg(long, default_value_t = 40)]
    pub phases: usize,
    /// Corpus seed (game `g` is played with seed + g).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}
