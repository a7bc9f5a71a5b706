//! `standoff bench`: timings on a seeded random-game corpus, on one core except for the
//! batch lines (1 to N threads).
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
    /// Repetitions per phase (at least 1).
    #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u32).range(1..))]
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
    let text =
        crate::input::read_text(path, standoff::limits::MAX_JSON_BYTES, "a saved-game file")?;
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
        .filter(|p| p.position.phase().kind == PhaseKind::Movement)
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

    // 10,000 order lines as a player writes them (`England: F nth - pic`), the corpus's
    // movement orders in turn; the median of a few passes over all of them.
    let texts = order_texts(&variant, movement.iter().copied(), 10_000);
    let mut parse_passes = Vec::new();
    for _ in 0..PARSE_PASSES {
        let start = Instant::now();
        let mut parsed = 0;
        for t in &texts {
            parsed +=
                usize::from(parse_order(&variant, PhaseKind::Movement, None, black_box(t)).is_ok());
        }
        parse_passes.push(start.elapsed().as_secs_f64() * 1e6);
        ensure!(
            parsed == texts.len(),
            "only {parsed} of {} orders parsed",
            texts.len()
        );
    }
    let parse_us = median(parse_passes);

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
            png.map(|b| (ms, b.len())).map_err(anyhow::Error::from)
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
    println!(
        "parse_10k_orders_us: {parse_us:.0} ({:.2} us per order line; median of {PARSE_PASSES} passes)",
        parse_us / texts.len() as f64
    );
    println!("variant_load_us: {load_us:.0}");
    println!("render_svg_median_us: {:.1}", median(render_us));
    println!("render_png_median_ms: {:.1}", median(png_ms));
    if let Some(d) = datc_movement_median(&variant, &args.datc, args.repeat)? {
        println!(
            "datc_movement_median_us: {:.2} ({} DATC movement cases)",
            d.0, d.1
        );
    }
    println!(
        "movement phases/second: {:.0} (1 / movement_phase_median_us)",
        1e6 / m
    );
    println!(
        "game steps/second: {:.0} (1 / game_step_median_us: one phase stepped over and over)",
        1e6 / s
    );

    // Throughput, like for like: the plain loop and the batch step the same items (the
    // whole corpus, every phase kind, in order), and both keep every result (what
    // happened and the next position). Rounds of each run in turn, so a busy machine
    // slows all of them alike; each figure is the median round.
    let items: Vec<_> = corpus
        .iter()
        .map(|p| (p.position.clone(), p.orders.clone()))
        .collect();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let pools = (1..=cores)
        .map(|threads| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .thread_name(move |i| pool_thread_name(threads, i))
                .build()
        })
        .collect::<Result<Vec<_>, _>>()?;
    let plain_loop = || -> Vec<_> {
        items
            .iter()
            .map(|(position, orders)| {
                let mut game = Game::from_position(position.clone());
                let processed = game.process(&variant, black_box(orders));
                (processed, game.position)
            })
            .collect()
    };
    let batch = |pool: &rayon::ThreadPool| pool.install(|| step_many(&variant, &items));
    let mut plain_rates = Vec::new();
    let mut batch_rates = vec![Vec::new(); pools.len()];
    // The first batch of each round, on a pool whose threads have been asleep since
    // its previous round.
    let mut after_idle_rates = vec![Vec::new(); pools.len()];
    // CPU time of each pool's threads in its counted rounds.
    let mut batch_cpu = vec![Some(0.0); pools.len()];
    for round in 0..=STEP_ROUNDS {
        // Round 0 warms up and is not counted.
        let rate = steps_per_second(items.len(), plain_loop)?;
        if round > 0 {
            plain_rates.push(rate);
        }
        for (threads, (((pool, rates), after_idle), cpu)) in (1..).zip(
            pools
                .iter()
                .zip(&mut batch_rates)
                .zip(&mut after_idle_rates)
                .zip(&mut batch_cpu),
        ) {
            // The pool's threads went to sleep while the others ran; waking them
            // takes from microseconds to milliseconds on a virtual machine, a large
            // part of a round. That first batch is counted apart; the throughput is
            // the next one, on threads awake, as in a loop of batches.
            let woken = steps_per_second(items.len(), || batch(pool))?;
            let before = pool_cpu_seconds(threads);
            let rate = steps_per_second(items.len(), || batch(pool))?;
            if round > 0 {
                after_idle.push(woken);
                rates.push(rate);
                *cpu = match (*cpu, before, pool_cpu_seconds(threads)) {
                    (Some(total), Some(a), Some(b)) => Some(total + (b - a)),
                    _ => None,
                };
            }
        }
    }
    let plain = median(plain_rates);
    println!(
        "game_steps_per_second[plain loop]: {plain:.0} (the whole corpus, one game after another, \
         results kept; median of {STEP_ROUNDS} rounds)"
    );
    let mut single = 0.0;
    let mut single_after_idle = 0.0;
    for (threads, ((rates, after_idle), cpu)) in
        (1..).zip(batch_rates.into_iter().zip(after_idle_rates).zip(batch_cpu))
    {
        let per_second = median(rates);
        if threads == 1 {
            single = per_second;
        }
        println!(
            "batch_game_steps_per_second[{threads} thread(s)]: {per_second:.0} (x{:.2} the batch \
             on 1 thread, {:.0}% of the plain loop; the same items, rounds in turn with it, each \
             right after a batch that woke the pool's threads)",
            per_second / single,
            100.0 * per_second / plain
        );
        let woken = median(after_idle);
        if threads == 1 {
            single_after_idle = woken;
        }
        println!(
            "batch_game_steps_per_second_after_idle[{threads} thread(s)]: {woken:.0} (x{:.2} \
             on 1 thread: the first batch of each round, its threads woken from sleep)",
            woken / single_after_idle
        );
        if let Some(cpu) = cpu.filter(|&c| c > 0.0) {
            let per_cpu_second = (STEP_ROUNDS * items.len()) as f64 / cpu;
            println!(
                "batch_game_steps_per_cpu_second[{threads} thread(s)]: {per_cpu_second:.0} \
                 (steps per second of CPU time over the pool's threads: the same on 1 and N \
                 threads means they do not slow each other, so N idle cores give about xN)"
            );
        }
    }
    Ok(true)
}

/// The name of thread `i` of the bench's pool of `threads` threads.
fn pool_thread_name(threads: usize, i: usize) -> String {
    format!("bench{threads}-{i}")
}

/// CPU time used so far by the threads of the pool of `threads` threads, where the
/// system tells it (Linux: `/proc/self/task/*/schedstat`, in nanoseconds); `None`
/// elsewhere.
fn pool_cpu_seconds(threads: usize) -> Option<f64> {
    let prefix = format!("bench{threads}-");
    let mut nanos = 0u64;
    let mut found = 0;
    for entry in std::fs::read_dir("/proc/self/task").ok()? {
        let task = entry.ok()?.path();
        let name = std::fs::read_to_string(task.join("comm")).ok()?;
        if !name.starts_with(&prefix) {
            continue;
        }
        let stat = std::fs::read_to_string(task.join("schedstat")).ok()?;
        nanos += stat.split_whitespace().next()?.parse::<u64>().ok()?;
        found += 1;
    }
    (found == threads).then_some(nanos as f64 / 1e9)
}

/// Passes over the 10,000 order lines.
const PARSE_PASSES: usize = 5;

/// Rounds of stepping the whole corpus (after one round to warm up).
const STEP_ROUNDS: usize = 21;

/// Game steps per second of one round of `step_all` (which steps all `count` items once
/// and returns their results).
fn steps_per_second<R>(count: usize, step_all: impl Fn() -> Vec<R>) -> Result<f64> {
    let start = Instant::now();
    let stepped = black_box(step_all()).len();
    let seconds = start.elapsed().as_secs_f64();
    ensure!(stepped == count && count > 0, "a step lost items");
    Ok(count as f64 / seconds)
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
        let text =
            crate::input::read_text(&path, standoff::limits::MAX_CASE_FILE_BYTES, "a case file")?;
        let (file, _) = standoff::datc::parse_case_file(&text);
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
