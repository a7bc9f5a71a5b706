//! `standoff corpus`: write the seeded random-game corpus as saved games (the
//! `diplomacy` package's JSON, one game per line), so other engines can be timed and
//! checked on exactly the same phases.

use crate::corpus_arg::CorpusArgs;
use anyhow::Result;
use standoff::corpus::{random_orders, Rng};
use standoff::mila::saved_game_json;
use standoff::record::RecordedGame;
use standoff::Variant;
use std::io::Write;
use std::path::PathBuf;

/// Arguments of `standoff corpus`.
#[derive(clap::Args)]
pub struct Args {
    /// Output file (JSON lines).
    #[arg(long)]
    out: PathBuf,
    #[command(flatten)]
    corpus: CorpusArgs,
}

/// Writes the corpus (atomically: a failed run leaves the old file).
pub fn run(args: &Args) -> Result<bool> {
    standoff_io::write_atomic(&args.out, |file| write_corpus(&args.corpus, file))?;
    Ok(true)
}

/// The corpus games, one JSON line each.
fn write_corpus(corpus: &CorpusArgs, file: &mut dyn Write) -> std::io::Result<()> {
    let variant = Variant::standard();
    for g in 0..corpus.games {
        let mut rng = Rng::new(corpus.seed.wrapping_add(g as u64));
        let mut game = RecordedGame::new(&variant);
        for _ in 0..corpus.phases {
            if game.game.winner.is_some() {
                break;
            }
            let orders = random_orders(&variant, &game.game.position, &mut rng);
            game.process(&variant, &orders);
        }
        let id = format!("standoff-corpus-s{}-g{g}", corpus.seed);
        writeln!(
            file,
            "{}",
            serde_json::to_string(&saved_game_json(&variant, &game, &id))?
        )?;
    }
    Ok(())
}
