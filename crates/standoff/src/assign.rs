//! Power assignment from secret preference lists (DPTG chapter I), reproducible from a
//! seed: players who ask for a random power get one first; then each remaining list, in
//! random order of players, gets its best still-available power (ties within a group
//! broken at random; a list with nothing left gets nothing); finally the leftover powers
//! go at random to the leftover players.

use crate::corpus::Rng;
use crate::ids::PowerId;
use crate::variant::Variant;

/// What a player asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Preference {
    /// "Random Power", asked for explicitly.
    Random,
    /// Groups of equally preferred powers, best group first (may be empty or partial).
    Ranked(Vec<Vec<PowerId>>),
}

/// Why a preference line could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AssignError {
    /// A line is not `Player: preferences`.
    #[error("line {0}: expected `Player: France; [Germany, Italy]; ...` or `Player: random`")]
    Syntax(usize),
    /// A line with no player name before its `:`.
    #[error("line {0}: no player name before `:` (expected `Player: France; ...`)")]
    MissingPlayer(usize),
    /// An unknown power name.
    #[error("line {line}: `{name}` is not a power")]
    UnknownPower {
        /// 1-based line.
        line: usize,
        /// The name.
        name: String,
    },
    /// A player named on two lines.
    #[error("line {line}: player `{name}` is already listed on line {first}")]
    DuplicatePlayer {
        /// 1-based line of the repeat.
        line: usize,
        /// 1-based line of the first listing.
        first: usize,
        /// The player.
        name: String,
    },
    /// A power named twice in one player's list.
    #[error("line {line}: `{name}` appears twice in one list")]
    DuplicatePower {
        /// 1-based line.
        line: usize,
        /// The power as written the second time.
        name: String,
    },
    /// The preference text is over [`crate::limits::MAX_PREFERENCES_BYTES`].
    #[error(transparent)]
    TooLarge(#[from] crate::limits::TooLarge),
    /// More players than powers to give them.
    #[error("{players} players but only {powers} powers to give")]
    TooManyPlayers {
        /// Players.
        players: usize,
        /// Powers.
        powers: usize,
    },
}

/// Reads preference lists, one player per line: `Alice: France; [Germany, Italy or
/// Austria]; [England or Russia]; Turkey`, `Bob: random`, `Carol:` (no list).
pub fn parse_preferences(
    variant: &Variant,
    text: &str,
) -> Result<Vec<(String, Preference)>, AssignError> {
    use crate::limits::{check_size, MAX_PREFERENCES_BYTES};
    check_size("the preference text", text, MAX_PREFERENCES_BYTES)?;
    let mut out: Vec<(String, Preference)> = Vec::new();
    let mut player_lines: Vec<usize> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let (player, list) = line.split_once(':').ok_or(AssignError::Syntax(i + 1))?;
        let player = player.trim();
        if player.is_empty() {
            return Err(AssignError::MissingPlayer(i + 1));
        }
        if let Some(k) = out
            .iter()
            .position(|(name, _)| name.eq_ignore_ascii_case(player))
        {
            return Err(AssignError::DuplicatePlayer {
                line: i + 1,
                first: player_lines[k],
                name: player.to_string(),
            });
        }
        let list = list.trim();
        let preference = if list.eq_ignore_ascii_case("random")
            || list.eq_ignore_ascii_case("random power")
        {
            Preference::Random
        } else {
            let mut groups: Vec<Vec<PowerId>> = Vec::new();
            for group in list.split(';').map(str::trim).filter(|g| !g.is_empty()) {
                let inner = group.trim_start_matches('[').trim_end_matches(']');
                let mut members = Vec::new();
                for name in inner
                    .split([',', '/'])
                    .flat_map(|part| part.split(" or "))
                    .map(str::trim)
                    .filter(|n| !n.is_empty())
                {
                    let p = variant
                        .find_power(name)
                        .ok_or_else(|| AssignError::UnknownPower {
                            line: i + 1,
                            name: name.to_string(),
                        })?;
                    if members.contains(&p) || groups.iter().flatten().any(|&q| q == p) {
                        return Err(AssignError::DuplicatePower {
                            line: i + 1,
                            name: name.to_string(),
                        });
                    }
                    members.push(p);
                }
                groups.push(members);
            }
            Preference::Ranked(groups)
        };
        out.push((player.to_string(), preference));
        player_lines.push(i + 1);
    }
    Ok(out)
}

/// Assigns one of `seats` (the powers players may be given: [`Variant::seats`]) to
/// each player (in input order), reproducibly for `seed`. A preference for a power
/// that is not a seat is passed over.
pub fn assign_powers(
    seats: &[PowerId],
    players: &[(String, Preference)],
    seed: u64,
) -> Result<Vec<(String, PowerId)>, AssignError> {
    if players.len() > seats.len() {
        return Err(AssignError::TooManyPlayers {
            players: players.len(),
            powers: seats.len(),
        });
    }
    let mut rng = Rng::new(seed);
    let mut free: Vec<PowerId> = seats.to_vec();
    let mut given: Vec<Option<PowerId>> = vec![None; players.len()];
    let take_random = |free: &mut Vec<PowerId>, rng: &mut Rng| free.remove(rng.below(free.len()));
    for (i, (_, pref)) in players.iter().enumerate() {
        if *pref == Preference::Random {
            given[i] = Some(take_random(&mut free, &mut rng));
        }
    }
    let mut order: Vec<usize> = (0..players.len())
        .filter(|&i| matches!(players[i].1, Preference::Ranked(_)))
        .collect();
    for k in (1..order.len()).rev() {
        order.swap(k, rng.below(k + 1));
    }
    for i in order {
        let Preference::Ranked(groups) = &players[i].1 else {
            continue;
        };
        for group in groups {
            let available: Vec<PowerId> =
                group.iter().copied().filter(|p| free.contains(p)).collect();
            if !available.is_empty() {
                let p = available[rng.below(available.len())];
                free.retain(|&q| q != p);
                given[i] = Some(p);
                break;
            }
        }
    }
    for slot in given.iter_mut().filter(|g| g.is_none()) {
        *slot = Some(take_random(&mut free, &mut rng));
    }
    Ok(players
        .iter()
        .zip(given)
        .filter_map(|((name, _), p)| p.map(|p| (name.clone(), p)))
        .collect())
}
