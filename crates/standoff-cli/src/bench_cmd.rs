//! `standoff bench`: timings on a seeded random-game corpus, single core.
//!
//! Each figure is the median over corpus phases of the mean time of repeated runs of
//! that phase. Results are checked (a bench that did nothing would fail).

use crate::corpus_arg::CorpusArgs;
use anyhow::{ensure, Result};
use standoff::adjudicate::adjudicate_movement;
use standoff::batch::step_many;
use standoff::corpus::{order_texts, random_games, CorpusPhase};
use standoff::game::Game;
use standoff::legal::all_orders;
use standoff::mila::{phase_name, read_games};
use standoff::parse::parse_order;
use standoff::{PhaseKind, Variant};
use std::hint::black_box;
use std::time::Instant;

/// Arguments of `standoff bench`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    corpus: CorpusArgs,
    /// Repetitions per phase.
    #[arg(long, default_value_t = 50)]
    repeat: u32,
    /// Time the phases recorded in this saved-game file (the `diplomacy` package's
    /// JSON, one game per line) instead of generating a corpus: the same phases a peer
    /// is timed on.
    #[arg(long)]
    mila: Option<std::path::PathBuf>,
    /// DATC case files whose movement positions are timed too (default: the repo's
    /// chapter-6 cases when run from a checkout).
    #[arg(long, default_value = "crates/standoff/tests/data/datc")]
    datc: std::path::PathBuf,
}

/// The phases of a saved-game file as (position, orders).
fn mila_corpus(variant: &Variant, path: &std::path::Path) -> Result<Vec<CorpusPhase>> {
    let text = std::fs::read_to_string(path)?;
    let mut out = Vec::new();
    for game in read_games(&text) {
        let game = game?;
        for ph in &game.phases {
            let Some(phase) = phase_name(&ph.name) else {
                continue;
            };
            if ph.orders.is_empty() {
                continue;
            }
            let position = ph.state.to_position(variant, phase)?;
            let mut orders = Vec::new();
            for (power, list) in &ph.orders {
                let p = variant.find_power(power);
                for text in list.iter().flatten() {
                    orders.push(parse_order(variant, phase.kind, p, text)?);
                }
            }
            out.push(CorpusPhase { position, orders });
        }
    }
    Ok(out)
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs.get(xs.len() / 2).copied().unwrap_or(f64::NAN)
}

fn time_us(repeat: u32, mut f: impl FnMut()) -> f64 {
    let start = Instant::now();
    for _ in 0..repeat {
        f();
    }
    start.elapsed().as_secs_f64() * 1e6 / f64::from(repeat)
}

/// Runs the benchmarks and prints the figures.
pub fn run(args: &Args) -> Result<bool> {
    let variant = Variant::standard();
    let corpus = match &args.mila {
        Some(path) => mila_corpus(&variant, path)?,
        None => random_games(
            &variant,
            args.corpus.seed,
            args.corpus.games,
            args.corpus.phases,
        ),
    };
    let movement: Vec<_> = corpus
        .iter()
        .filter(|p| p.position.phase.kind == PhaseKind::Movement)
        .collect();
    ensure!(!movement.is_empty(), "empty corpus");
    match &args.mila {
        Some(path) => println!(
            "corpus: {} ({} phases, {} movement)",
            path.display(),
            corpus.len(),
            movement.len()
        ),
        None => println!(
            "corpus: {} random games, {} phases ({} movement), seed {}",
            args.corpus.games,
            corpus.len(),
            movement.len(),
            args.corpus.seed
        ),
    }

    let mut moved = 0usize;
    let movement_us: Vec<f64> = movement
        .iter()
        .map(|p| {
            moved += adjudicate_movement(&variant, &p.position, &p.orders)
                .units
                .len();
            time_us(args.repeat, || {
                black_box(adjudicate_movement(
                    &variant,
                    black_box(&p.position),
                    black_box(&p.orders),
                ));
            })
        })
        .collect();
    ensure!(moved > 0, "no units adjudicated");

    let mut generated = 0usize;
    let legal_us: Vec<f64> = movement
        .iter()
        .map(|p| {
            generated += all_orders(&variant, &p.position).len();
            time_us(args.repeat, || {
                black_box(all_orders(&variant, black_box(&p.position)));
            })
        })
        .collect();
    ensure!(generated > 0, "no legal orders generated");

    let step_us: Vec<f64> = corpus
        .iter()
        .map(|p| {
            time_us(args.repeat, || {
                let mut game = Game::from_position(p.position.clone());
                black_box(game.process(&variant, black_box(&p.orders)));
            })
        })
        .collect();

    let texts = order_texts(&variant, movement.iter().copied(), 10_000);
    let start = Instant::now();
    let mut parsed = 0;
    for t in &texts {
        parsed +=
            usize::from(parse_order(&variant, PhaseKind::Movement, None, black_box(t)).is_ok());
    }
    let parse_us = start.elapsed().as_secs_f64() * 1e6;
    ensure!(
        parsed == texts.len(),
        "only {parsed} of {} orders parsed",
        texts.len()
    );

    let load_us = time_us(10, || {
        black_box(Variant::standard());
    });

    // Pictures: a movement phase with all its orders and results, on the standard
    // artwork built once (as `play --render` does).
    let layout = standoff::render::Layout::for_variant(&variant);
    let options = standoff::render::RenderOptions::default();
    let pictured: Vec<_> = movement
        .iter()
        .take(50)
        .map(|p| {
            let result = adjudicate_movement(&variant, &p.position, &p.orders);
            let drawn = standoff::render::movement_overlay(&p.orders, &result);
            (p, drawn)
        })
        .collect();
    let mut svg_bytes = 0usize;
    let render_us: Vec<f64> = pictured
        .iter()
        .map(|(p, drawn)| {
            time_us(args.repeat, || {
                let svg = standoff::render::render_svg_with(
                    &layout,
                    &variant,
                    black_box(&p.position),
                    black_box(drawn),
                    &options,
                );
                svg_bytes += svg.len();
            })
        })
        .collect();
    ensure!(svg_bytes > 0, "no pictures drawn");
    let rasterizer = crate::render_cmd::Rasterizer::new();
    let png_ms: Vec<f64> = pictured
        .iter()
        .take(5)
        .map(|(p, drawn)| {
            let svg =
                standoff::render::render_svg_with(&layout, &variant, &p.position, drawn, &options);
            let start = Instant::now();
            let png = rasterizer.png(&svg);
            let ms = start.elapsed().as_secs_f64() * 1e3;
            png.map(|b| (ms, b.len()))
        })
        .collect::<Result<Vec<_>>>()?
        .into_iter()
        .map(|(ms, _)| ms)
        .collect();

    let m = median(movement_us);
    let l = median(legal_us);
    let s = median(step_us);
    println!("movement_phase_median_us: {m:.2}");
    println!("legal_orders_median_us: {l:.2}");
    println!("game_step_median_us: {s:.2}");
    println!("parse_10k_orders_us: {parse_us:.0}");
    println!("variant_load_us: {load_us:.0}");
    println!("render_svg_median_us: {:.1}", median(render_us));
    println!("render_png_median_ms: {:.1}", median(png_ms));
    if let Some(d) = datc_movement_median(&variant, &args.datc, args.repeat)? {
        println!(
            "datc_movement_median_us: {:.2} ({} DATC movement cases)",
            d.0, d.1
        );
    }
    println!("movement phases/second: {:.0}", 1e6 / m);
    println!("game steps/second: {:.0}", 1e6 / s);

    // Batch throughput on 1..=N threads (all phase kinds, whole corpus per batch).
    let items: Vec<_> = corpus
        .iter()
        .map(|p| (p.position.clone(), p.orders.clone()))
        .collect();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut single = 0.0;
    for threads in 1..=cores {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()?;
        let rounds = 20;
        let start = Instant::now();
        let mut stepped = 0;
        pool.install(|| {
            for _ in 0..rounds {
                stepped += black_box(step_many(&variant, &items)).len();
            }
        });
        ensure!(stepped == rounds * items.len(), "batch lost items");
        let per_second = stepped as f64 / start.elapsed().as_secs_f64();
        if threads == 1 {
            single = per_second;
        }
        println!(
            "batch_game_steps_per_second[{threads} thread(s)]: {per_second:.0} (x{:.2})",
            per_second / single
        );
    }
    Ok(true)
}

/// Median time of the DATC movement cases in `dir` (if it exists), and how many.
fn datc_movement_median(
    variant: &Variant,
    dir: &std::path::Path,
    repeat: u32,
) -> Result<Option<(f64, usize)>> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Ok(None);
    };
    let mut times = Vec::new();
    for entry in entries {
        let path = entry?.path();
        if path.extension().is_none_or(|e| e != "txt") {
            continue;
        }
        let (file, _) = standoff::datc::parse_case_file(&std::fs::read_to_string(&path)?);
        for case in &file.cases {
            if let Some((position, orders)) = standoff::datc::movement_case_input(variant, case) {
                ensure!(
                    !adjudicate_movement(variant, &position, &orders)
                        .units
                        .is_empty(),
                    "empty case"
                );
                times.push(time_us(repeat, || {
                    black_box(adjudicate_movement(
                        variant,
                        black_box(&position),
                        black_box(&orders),
                    ));
                }));
            }
        }
    }
    let n = times.len();
    Ok((n > 0).then(|| (median(times), n)))
}
