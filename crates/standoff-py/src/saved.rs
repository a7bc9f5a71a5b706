//! Saved games in the `diplomacy` package's format: loading one (replayed by standoff),
//! writing one, and reading files of them (size-capped, JSON or JSON lines).

use crate::classes::PyGame;
use crate::convert::{json_to_py, py_to_json};
use crate::errors::{standoff_err, state_err, warn_orders};
use crate::game::new_game_id;
use crate::model::{OrderProblem, ProblemKind};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use standoff::mila::{load_recorded, MilaGame};
use standoff::record::RecordedGame;

/// Loads a game from the package's saved-game dict (`from_saved_game_format`): the
/// first phase's state is the start and every phase's orders are played again by
/// standoff (so history and results are standoff's adjudication). Orders that cannot
/// be read are warned about and kept in their phase's `order_errors`.
#[pyfunction]
pub fn from_saved_game_format(py: Python<'_>, saved_game: &Bound<'_, PyAny>) -> PyResult<PyGame> {
    let game: MilaGame = crate::saved_read::mila_game(saved_game)?;
    let (game, note) = load_mila_game(game)?;
    warn_load_problems(py, &game, note.as_deref())?;
    Ok(game)
}

/// Builds a `PyGame` from a parsed saved game (no Python needed). The saved game's last
/// phase is the current, unplayed one: the phases before it are played again from the
/// first phase's state, and the board reached is checked against the last phase's
/// state (a mismatch is returned as a note).
pub fn load_mila_game(game: MilaGame) -> PyResult<(PyGame, Option<String>)> {
    let variant = match game.map.as_deref() {
        None => crate::args::standard(),
        Some(name) => crate::args::builtin(name)?,
    };
    // `load_recorded` plays every phase but the last (the current one).
    let last = game.phases.last().cloned();
    let id = game.id.clone().unwrap_or_else(new_game_id);
    let (rec, problems) = if game.phases.len() <= 1 {
        // Nothing played: the last (only) phase is the start.
        let first = last
            .as_ref()
            .ok_or_else(|| state_err("the game has no phases"))?;
        let phase = crate::args::phase_arg(&first.name)?;
        let pos = crate::model::position_from_state(&variant, &first.state, phase)
            .map_err(|e| state_err(format!("cannot load the game: {e}")))?;
        (RecordedGame::from_position(pos), Vec::new())
    } else {
        load_recorded(&variant, &game)
            .map_err(|e| state_err(format!("cannot load the game: {e}")))?
    };
    // The recorded final board (the last phase's state) should be where the replay ended.
    let mut note = None;
    if let Some(last) = &last {
        let phase = crate::names::parse_phase(&last.name).unwrap_or(rec.game.position.phase());
        let ours = &rec.game.position;
        match crate::model::position_from_state(&variant, &last.state, phase) {
            Ok(theirs) if crate::position::same_board(&theirs, ours) => {}
            Ok(_) if last.name == "COMPLETED" && rec.game.winner.is_some() => {}
            Ok(_) => {
                note = Some(format!(
                    "game {id}: replaying the recorded orders with standoff gives a different \
                     board at {} than the recorded one (the recording engine adjudicated \
                     some phase differently)",
                    last.name
                ))
            }
            Err(e) => note = Some(format!("game {id}: cannot read the final state: {e}")),
        }
    }
    let mut out = PyGame::from_record(variant.clone(), rec, id);
    for p in problems {
        let phase = p.phase;
        let problem = OrderProblem {
            phase: phase.clone(),
            power: p.power.to_uppercase(),
            order: p.text,
            kind: ProblemKind::Invalid,
            reason: p.reason,
        };
        let index = out
            .rec()
            .history
            .iter()
            .position(|r| r.position.phase().short_code() == phase);
        match index.and_then(|i| out.history_problems.get_mut(i)) {
            Some(list) => list.push(problem),
            None => out.problems.push(problem),
        }
    }
    Ok((out, note))
}

/// Warns about the unreadable orders a loaded game has.
pub fn warn_load_problems(py: Python<'_>, game: &PyGame, note: Option<&str>) -> PyResult<()> {
    if let Some(note) = note {
        let category = py.get_type::<pyo3::exceptions::PyUserWarning>();
        let text = std::ffi::CString::new(note.replace('\0', " ")).unwrap_or_default();
        PyErr::warn(py, category.as_any(), &text, 1)?;
    }
    let lines: Vec<String> = game
        .history_problems
        .iter()
        .flatten()
        .chain(&game.problems)
        .map(OrderProblem::line)
        .collect();
    if lines.is_empty() {
        return Ok(());
    }
    warn_orders(
        py,
        &format!(
            "game {}: {} recorded order(s) could not be read and were left out \
             (see PhaseData.order_errors):\n  {}",
            game.game_id,
            lines.len(),
            lines.join("\n  ")
        ),
    )
}

/// The game in the package's saved-game format: `{"id", "map", "rules", "phases"}`
/// (each phase: `name`, `state`, `orders`, `results`), ending with the current phase.
/// With `output_path`, the game is also written there as one JSON line (`output_mode`
/// `"a"` appends, `"w"` overwrites).
#[pyfunction]
#[pyo3(signature = (game, output_path = None, output_mode = "a"))]
pub fn to_saved_game_format<'py>(
    py: Python<'py>,
    game: PyRef<'py, PyGame>,
    output_path: Option<std::path::PathBuf>,
    output_mode: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let value = game.saved_json();
    if let Some(path) = output_path {
        write_line(&value, &path, output_mode)?;
    }
    json_to_py(py, &value)
}

/// Reads saved games from a file: one JSON object, or JSON lines (one game per line).
/// `on_error`: `"raise"` (default) raises `InvalidStateError` naming every game that
/// cannot be read; `"warn"` skips them with a warning; `"ignore"` skips them.
#[pyfunction]
#[pyo3(signature = (path, on_error = "raise"))]
pub fn load_saved_games(
    py: Python<'_>,
    path: std::path::PathBuf,
    on_error: &str,
) -> PyResult<Vec<PyGame>> {
    if !matches!(on_error, "raise" | "warn" | "ignore") {
        return Err(standoff_err(format!(
            "on_error must be \"raise\", \"warn\" or \"ignore\", not {on_error:?}"
        )));
    }
    let text = read_saved_games_text(&path)?;
    let (games, failures) = py.detach(|| {
        let mut games = Vec::new();
        let mut failures = Vec::new();
        for (i, g) in standoff::mila::read_games(&text).into_iter().enumerate() {
            match g
                .map_err(|e| e.to_string())
                .and_then(|g| load_mila_game(g).map_err(|e| format!("game {i}: {e}")))
            {
                Ok(game) => games.push(game),
                Err(e) => failures.push(e),
            }
        }
        (games, failures)
    });
    report_unreadable(py, &path, "", &failures, on_error)?;
    let mut out = Vec::with_capacity(games.len());
    for (g, note) in games {
        warn_load_problems(py, &g, note.as_deref())?;
        out.push(g);
    }
    Ok(out)
}

/// Largest saved-games file `load_saved_games` reads: 1 GiB (a JSON-lines data set of
/// tens of thousands of games fits; a larger one should be split).
pub const MAX_SAVED_GAMES_FILE_BYTES: u64 = 1 << 30;

/// The text of a saved-games file, refused with a clear error when it is larger than
/// [`MAX_SAVED_GAMES_FILE_BYTES`] (at most the limit + 1 bytes are read, so a file that
/// grows meanwhile is refused too) or not UTF-8.
pub fn read_saved_games_text(path: &std::path::Path) -> PyResult<String> {
    use std::io::Read;
    let too_large = |size: u64| {
        state_err(format!(
            "{}: the file is {size} bytes, above the limit of {MAX_SAVED_GAMES_FILE_BYTES} bytes \
             that load_saved_games reads; split it into smaller files",
            path.display()
        ))
    };
    let file = std::fs::File::open(path)?;
    let size = file.metadata()?.len();
    if size > MAX_SAVED_GAMES_FILE_BYTES {
        return Err(too_large(size));
    }
    let mut bytes = Vec::with_capacity(size as usize);
    file.take(MAX_SAVED_GAMES_FILE_BYTES + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_SAVED_GAMES_FILE_BYTES {
        return Err(too_large(bytes.len() as u64));
    }
    String::from_utf8(bytes)
        .map_err(|e| state_err(format!("{}: not UTF-8 text: {e}", path.display())))
}

/// The saved games of a file as the package's dicts, unchecked: one JSON object, a
/// JSON list of them, or JSON lines (one game per line). The file is size-capped as in
/// `load_saved_games`; `on_error` says what to do with a line that is not JSON
/// (`"raise"`, `"warn"`, `"ignore"`).
#[pyfunction]
#[pyo3(signature = (path, on_error = "raise"))]
pub fn read_saved_games<'py>(
    py: Python<'py>,
    path: std::path::PathBuf,
    on_error: &str,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    if !matches!(on_error, "raise" | "warn" | "ignore") {
        return Err(standoff_err(format!(
            "on_error must be \"raise\", \"warn\" or \"ignore\", not {on_error:?}"
        )));
    }
    let text = read_saved_games_text(&path)?;
    let mut values = Vec::new();
    let mut failures = Vec::new();
    match serde_json::from_str::<serde_json::Value>(&text) {
        Ok(serde_json::Value::Array(items)) => values = items,
        Ok(value) => values.push(value),
        Err(_) => {
            for (i, line) in text.lines().enumerate() {
                if line.trim().is_empty() {
                    continue;
                }
                match serde_json::from_str::<serde_json::Value>(line) {
                    Ok(v) => values.push(v),
                    Err(e) => failures.push(format!("line {}: {e}", i + 1)),
                }
            }
        }
    }
    report_unreadable(py, &path, " (not JSON)", &failures, on_error)?;
    values.iter().map(|v| json_to_py(py, v)).collect()
}

/// Writes `value` (a JSON-able Python object) to `output_path` as one JSON line,
/// atomically: `output_mode` `"a"` appends, `"w"` overwrites.
#[pyfunction]
pub fn write_json_line(
    value: &Bound<'_, PyAny>,
    output_path: std::path::PathBuf,
    output_mode: &str,
) -> PyResult<()> {
    let value = py_to_json(value)?;
    write_line(&value, &output_path, output_mode)
}

fn write_line(value: &serde_json::Value, path: &std::path::Path, mode: &str) -> PyResult<()> {
    let mut line = serde_json::to_string(value).map_err(|e| standoff_err(e.to_string()))?;
    line.push('\n');
    // Either way the file is replaced atomically: a failed write leaves the old one.
    let written = match mode {
        "a" => standoff_io::append_atomic(path, line.as_bytes()),
        "w" => standoff_io::write_bytes_atomic(path, line.as_bytes()),
        other => {
            return Err(PyTypeError::new_err(format!(
                "output_mode must be \"a\" or \"w\", not {other:?}"
            )))
        }
    };
    written.map_err(|e| pyo3::exceptions::PyOSError::new_err(e.to_string()))
}

/// The games of a saved-games file that could not be read: raised, warned about or
/// ignored, as the caller's `on_error` says. Nothing to report is fine.
fn report_unreadable(
    py: Python<'_>,
    path: &std::path::Path,
    why: &str,
    failures: &[String],
    on_error: &str,
) -> PyResult<()> {
    if failures.is_empty() {
        return Ok(());
    }
    let msg = format!(
        "{}: {} game(s) could not be read{why}:\n  {}",
        path.display(),
        failures.len(),
        failures.join("\n  ")
    );
    match on_error {
        "raise" => Err(state_err(msg)),
        "warn" => {
            let category = py.get_type::<pyo3::exceptions::PyUserWarning>();
            let text = std::ffi::CString::new(msg.replace('\0', " ")).unwrap_or_default();
            PyErr::warn(py, category.as_any(), &text, 1)
        }
        _ => Ok(()),
    }
}
