//! The `standoff` command: a thin front end over the `standoff` library.

mod adjudicate_cmd;
mod assign_cmd;
mod bench_cmd;
mod check_variant_cmd;
mod corpus_arg;
mod corpus_cmd;
mod datc_cmd;
mod input;
mod play_cmd;
mod render_cmd;
mod replay_cmd;
mod rules_cmd;
mod serve_cmd;
mod variant_arg;
mod variants_cmd;

use anyhow::Result;
use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// A Diplomacy rules engine: adjudicate orders, run DATC case files.
#[derive(Parser)]
#[command(name = "standoff", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run DATC case files (jDip text format); ends with `N passed, M failed`.
    Datc(datc_cmd::Args),
    /// Adjudicate one movement phase: position + orders in, results and the new position out.
    Adjudicate(adjudicate_cmd::Args),
    /// Play a game from an order file with `[Spring 1901 Movement]` phase headers.
    Play(play_cmd::Args),
    /// Draw a position (with orders and results) as SVG or PNG.
    Render(render_cmd::Args),
    /// Replay recorded games (the `diplomacy` package's JSON) and compare every phase.
    Replay(replay_cmd::Args),
    /// Time adjudication, legal-order generation, game steps and parsing on a seeded
    /// random-game corpus (single core).
    Bench(bench_cmd::Args),
    /// Write the seeded random-game corpus as saved games (JSON lines).
    Corpus(corpus_cmd::Args),
    /// List every rule option (DATC chapter 4), its choices and the presets.
    Rules(rules_cmd::Args),
    /// Assign powers to players from secret preference lists (DPTG chapter I).
    Assign(assign_cmd::Args),
    /// Check variant files and report every inconsistency (file, line, space).
    CheckVariant(check_variant_cmd::Args),
    /// List the built-in variants.
    Variants,
    /// Run the judge: host games over an HTTP JSON API (SQLite by default).
    Serve(serve_cmd::Args),
}

/// Output piped into a program that stopped reading (`standoff rules | head`) ends the
/// command quietly instead of with a panic message.
fn quiet_on_broken_pipe() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if message.contains("Broken pipe") {
            std::process::exit(0);
        }
        default(info);
    }));
}

fn main() -> ExitCode {
    quiet_on_broken_pipe();
    let cli = Cli::parse();
    let result: Result<bool> = match cli.command {
        Command::Datc(args) => datc_cmd::run(&args),
        Command::Adjudicate(args) => adjudicate_cmd::run(&args),
        Command::Play(args) => play_cmd::run(&args),
        Command::Replay(args) => replay_cmd::run(&args),
        Command::Render(args) => render_cmd::run(&args),
        Command::Bench(args) => bench_cmd::run(&args),
        Command::Corpus(args) => corpus_cmd::run(&args),
        Command::Rules(args) => rules_cmd::run(&args),
        Command::Assign(args) => assign_cmd::run(&args),
        Command::CheckVariant(args) => check_variant_cmd::run(&args),
        Command::Variants => variants_cmd::run(),
        Command::Serve(args) => serve_cmd::run(&args).map(|()| true),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}
