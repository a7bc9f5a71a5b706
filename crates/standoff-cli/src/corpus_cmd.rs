//! `standoff corpus`: write the seeded random-game corpus as saved games (the
//! `diplomacy` package's JSON, one game per line), so other engines can be timed and
//! checked on exactly the same phases.

use crate::corpus_arg::CorpusArgs;
use anyhow::{Context, Result};
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

/// Writes the corpus.
pub fn run(args: &Args) -> Result<bool> {
    let variant = Variant::standard();
    let mut file = std::io::BufWriter::new(
        std::fs::File::create(&args.out)
            .with_context(|| format!("creating {}", args.out.display()))?,
    );
    for g in 0..args.corpus.games {
        let mut rng = Rng::new(args.corpus.seed.wrapping_add(g as u64));
        let mut game = RecordedGame::new(&variant);
        for _ in 0..args.corpus.phases {
            if game.game.winner.is_some() {
                break;
            }
            let orders = random_orders(&variant, &game.game.position, &mut rng);
            game.process(&variant, &orders);
        }
        let id = format!("standoff-corpus-s{}-g{g}", args.corpus.seed);
        writeln!(
            file,
            "{}",
            serde_json::to_string(&saved_game_json(&variant, &game, &id))?
        )?;
    }
    file.flush()?;
    Ok(true)
}
