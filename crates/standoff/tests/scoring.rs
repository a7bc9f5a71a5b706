//! The DPTG chapter II results table (`standoff::scoring`): every row of the table, concessions,
//! short games ranked by centers, other variant sizes and refused results.

use standoff::scoring::{score, share_points, GameResult, ScoringError};
use standoff::PowerId;

fn powers(indices: &[u8]) -> Vec<PowerId> {
    indices.iter().map(|&i| PowerId(i)).collect()
}

/// The DPTG chapter II table, row by row, for the standard seven-power game.
#[test]
fn the_dptg_table_for_seven_powers() {
    let win = score(&GameResult::Victory { winner: PowerId(3) }, 7).expect("scores");
    assert_eq!(win, vec![-60, -60, -60, 360, -60, -60, -60]);
    let table = [(2, 150), (3, 80), (4, 45), (5, 24), (6, 10), (7, 0)];
    for (k, points) in table {
        let participants: Vec<u8> = (0..k).collect();
        let scores = score(
            &GameResult::Draw {
                participants: powers(&participants),
            },
            7,
        )
        .expect("scores");
        for (index, &got) in scores.iter().enumerate() {
            let want = if index < k as usize { points } else { -60 };
            assert_eq!(got, want, "{k}-way draw, power {index}");
        }
    }
}

#[test]
fn a_concession_is_a_win_for_the_power_conceded_to() {
    let conceded = score(&GameResult::Concession { to: PowerId(0) }, 7).expect("scores");
    let won = score(&GameResult::Victory { winner: PowerId(0) }, 7).expect("scores");
    assert_eq!(conceded, won);
    assert_eq!(conceded[0], 360);
}

#[test]
fn draw_order_does_not_matter() {
    let a = score(
        &GameResult::Draw {
            participants: powers(&[6, 1, 4]),
        },
        7,
    )
    .expect("scores");
    assert_eq!(a, vec![-60, 80, -60, -60, 80, -60, 80]);
}

#[test]
fn a_short_game_is_won_by_the_single_center_leader() {
    let scores = score(
        &GameResult::CenterRanking {
            centers: vec![5, 9, 4, 0, 6, 5, 5],
        },
        7,
    )
    .expect("scores");
    assert_eq!(scores, vec![-60, 360, -60, -60, -60, -60, -60]);
}

#[test]
fn a_short_game_with_tied_leaders_is_a_draw_among_them() {
    let scores = score(
        &GameResult::CenterRanking {
            centers: vec![8, 8, 4, 0, 6, 4, 4],
        },
        7,
    )
    .expect("scores");
    assert_eq!(scores, vec![150, 150, -60, -60, -60, -60, -60]);
}

#[test]
fn an_abandoned_game_is_unrated() {
    assert_eq!(
        score(&GameResult::Abandoned, 7).expect("scores"),
        vec![0; 7]
    );
}

#[test]
fn other_sizes_keep_the_table_zero_sum() {
    // 9 powers, 3-way draw: the six losers pay 360, each drawer gets 120.
    let scores = score(
        &GameResult::Draw {
            participants: powers(&[0, 1, 2]),
        },
        9,
    )
    .expect("scores");
    assert_eq!(&scores[..3], &[120, 120, 120]);
    assert_eq!(scores.iter().sum::<i64>(), 0);
    // 8 powers, a win: 7 losers pay 420.
    let win = score(&GameResult::Victory { winner: PowerId(7) }, 8).expect("scores");
    assert_eq!(win[7], 420);
    // 9 powers, 7-way draw: 120 / 7 = 17.14, rounded to 17.
    assert_eq!(share_points(9, 7), 17);
    // 9 powers, 8-way draw: 60 / 8 = 7.5, a half rounded away from zero.
    assert_eq!(share_points(9, 8), 8);
    assert_eq!(share_points(5, 4), 15);
    // Everybody draws: nobody paid, nobody gains.
    assert_eq!(share_points(9, 9), 0);
}

#[test]
fn bad_results_are_refused_with_a_reason() {
    assert_eq!(
        score(&GameResult::Victory { winner: PowerId(7) }, 7),
        Err(ScoringError::UnknownPower {
            power: 7,
            power_count: 7
        })
    );
    assert_eq!(
        score(
            &GameResult::Draw {
                participants: vec![]
            },
            7
        ),
        Err(ScoringError::EmptyDraw)
    );
    assert_eq!(
        score(
            &GameResult::Draw {
                participants: powers(&[2, 2])
            },
            7
        ),
        Err(ScoringError::DuplicateParticipant(2))
    );
    assert_eq!(
        score(
            &GameResult::CenterRanking {
                centers: vec![1, 2]
            },
            7
        ),
        Err(ScoringError::RankingSize {
            given: 2,
            power_count: 7
        })
    );
    assert_eq!(
        score(
            &GameResult::CenterRanking {
                centers: vec![0; 7]
            },
            7
        ),
        Err(ScoringError::NoLeader)
    );
    assert_eq!(
        score(&GameResult::Abandoned, 1),
        Err(ScoringError::TooFewPowers(1))
    );
}
