//! Criterion benches on a seeded random-game corpus. Each bench checks its result so it
//! cannot measure a no-op.

use criterion::{black_box, criterion_group, criterion_main, BatchSize, Criterion};
use standoff::adjudicate::adjudicate_movement;
use standoff::corpus::{order_texts, random_games};
use standoff::game::Game;
use standoff::legal::all_orders;
use standoff::parse::parse_order;
use standoff::{PhaseKind, Variant};

fn benches(c: &mut Criterion) {
    let variant = Variant::standard();
    let corpus = random_games(&variant, 1, 10, 40);
    let movement: Vec<_> = corpus
        .iter()
        .filter(|p| p.position.phase().kind == PhaseKind::Movement)
        .collect();
    assert!(movement.len() > 100);

    c.bench_function(
        "movement_phase (whole corpus, per phase = time / phases)",
        |b| {
            b.iter(|| {
                let mut units = 0;
                for p in &movement {
                    units +=
                        adjudicate_movement(&variant, black_box(&p.position), black_box(&p.orders))
                            .units
                            .len();
                }
                assert!(units > 0);
                units
            })
        },
    );

    c.bench_function("legal_orders (whole corpus)", |b| {
        b.iter(|| {
            let n: usize = movement
                .iter()
                .map(|p| all_orders(&variant, black_box(&p.position)).len())
                .sum();
            assert!(n > movement.len());
            n
        })
    });

    c.bench_function("game_step (whole corpus, all phase kinds)", |b| {
        b.iter_batched(
            || {
                corpus
                    .iter()
                    .map(|p| Game::from_position(p.position.clone()))
                    .collect::<Vec<_>>()
            },
            |mut games| {
                for (g, p) in games.iter_mut().zip(&corpus) {
                    black_box(g.process(&variant, &p.orders));
                }
                assert!(
                    games
                        .iter()
                        .all(|g| g.position.phase() != corpus[0].position.phase())
                        || corpus.len() == 1
                );
                games
            },
            BatchSize::LargeInput,
        )
    });

    let texts = order_texts(&variant, movement.iter().copied(), 10_000);
    c.bench_function("parse_10k_orders", |b| {
        b.iter(|| {
            let ok = texts
                .iter()
                .filter(|t| parse_order(&variant, PhaseKind::Movement, None, black_box(t)).is_ok())
                .count();
            assert_eq!(ok, texts.len());
            ok
        })
    });

    c.bench_function("load_standard_variant", |b| {
        b.iter(|| {
            let v = Variant::standard();
            assert_eq!(v.powers.len(), 7);
            v
        })
    });
}

criterion_group!(judge, benches);
criterion_main!(judge);
