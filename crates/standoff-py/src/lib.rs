//! Python bindings for standoff, a Diplomacy adjudicator (PyO3; built with maturin as
//! the `standoff._standoff` extension module of the `standoff` Python package).
//!
//! The binding is thin: rules live in the core crate. This crate converts names and
//! shapes at the edge (the `diplomacy` package's notation and state dicts), keeps a
//! game's current orders and order errors, and turns every error into a Python
//! exception (no panics on user input).
//!
//! Layers (a module uses only those before it): plain helpers without PyO3 (`names`,
//! `model`, `per_variant`: tables shared by a variant's games); `errors`; `texts` (the Python strings of order texts a game hands out);
//! the batches' threads (`per_process`: a value started again in a forked child;
//! `pool`: a rayon pool per process; `helper_thread`: one parked thread that `step_many`
//! lends its plays to on two cores);
//! the `#[pyclass]` structs every other module may use (`classes`); conversions
//! (`convert`, `args`: the `variant=` argument, phase names, state dicts); the native
//! API's methods (`variant`, `order`, `render`, `phase_data`, `game` with `submit` (the
//! body of its `set_orders`), `shared_steps` (a list of games stepped by the calling
//! thread and the helper), `batch`, `position`, `saved`); `pickling` (pickle and
//! copy forms of `Variant`, `Position` and `PhaseData`, and the functions that rebuild
//! them). The package-compatible `Game` is Python (`python/standoff/_compat.py`) over
//! native modules only this file imports: `compat_core` (`GameCore`, its base class:
//! the calls a loop makes every phase; `compat_adjust`, its retreat and adjustment
//! orders), `compat_batch` (`step_many` of such games), `compat_order` (the package's
//! order of each power's units, centers and retreats), `compat_played` (`PlayedCore`,
//! the fields of a played phase's record), `compat_state` (the package's
//! state dict of the board), `compat_state_lists` (the lists a state dict gives each
//! power) and `compat_support` (helpers it calls: build counts).

mod args;
mod batch;
mod classes;
mod compat_adjust;
mod compat_batch;
mod compat_core;
mod compat_order;
mod compat_played;
mod compat_state;
mod compat_state_lists;
mod compat_support;
mod convert;
mod errors;
mod game;
mod helper_thread;
mod model;
mod names;
mod order;
mod per_process;
mod per_variant;
mod phase_data;
mod pickling;
mod pool;
mod position;
mod render;
mod saved;
mod saved_read;
mod shared_steps;
mod submit;
mod texts;
mod variant;

use pyo3::prelude::*;

/// Rust's allocations in the extension (Python's own objects keep Python's allocator):
/// mimalloc's per-thread heaps let `step_many`'s threads allocate and free without
/// waiting on each other.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[pymodule]
fn _standoff(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("StandoffError", py.get_type::<errors::StandoffError>())?;
    m.add(
        "InvalidOrderError",
        py.get_type::<errors::InvalidOrderError>(),
    )?;
    m.add(
        "AmbiguousOrderError",
        py.get_type::<errors::AmbiguousOrderError>(),
    )?;
    m.add(
        "IllegalOrderError",
        py.get_type::<errors::IllegalOrderError>(),
    )?;
    m.add(
        "InvalidStateError",
        py.get_type::<errors::InvalidStateError>(),
    )?;
    m.add("OrderWarning", py.get_type::<errors::OrderWarning>())?;
    m.add_class::<classes::PyVariant>()?;
    m.add_class::<classes::PyPosition>()?;
    m.add_class::<classes::PyOrder>()?;
    m.add_class::<classes::PyGame>()?;
    m.add_class::<classes::PyPhaseData>()?;
    m.add_class::<classes::PyPowerView>()?;
    m.add_class::<classes::PyRejectedOrder>()?;
    m.add_class::<classes::PyAdjudication>()?;
    m.add_class::<compat_core::GameCore>()?;
    m.add_class::<compat_played::PlayedCore>()?;
    m.add_function(wrap_pyfunction!(order::parse_order_py, m)?)?;
    m.add_function(wrap_pyfunction!(pickling::variant_from_pickle, m)?)?;
    m.add_function(wrap_pyfunction!(pickling::position_from_pickle, m)?)?;
    m.add_function(wrap_pyfunction!(pickling::phase_data_from_pickle, m)?)?;
    m.add_function(wrap_pyfunction!(pickling::game_from_pickle, m)?)?;
    m.add_function(wrap_pyfunction!(saved::to_saved_game_format, m)?)?;
    m.add_function(wrap_pyfunction!(saved::from_saved_game_format, m)?)?;
    m.add_function(wrap_pyfunction!(saved::load_saved_games, m)?)?;
    m.add_function(wrap_pyfunction!(saved::read_saved_games, m)?)?;
    m.add_function(wrap_pyfunction!(saved::write_json_line, m)?)?;
    m.add_function(wrap_pyfunction!(batch::adjudicate_many, m)?)?;
    m.add_function(wrap_pyfunction!(batch::step_many, m)?)?;
    m.add_function(wrap_pyfunction!(compat_batch::step_many, m)?)?;
    m.add_function(wrap_pyfunction!(compat_batch::set_helper_awake_time, m)?)?;
    m.add_function(wrap_pyfunction!(compat_support::played_phase_count, m)?)?;
    m.add_function(wrap_pyfunction!(texts::set_order_text_limit, m)?)?;
    m.add_function(wrap_pyfunction!(compat_order::board_in_package_order, m)?)?;
    m.add_function(wrap_pyfunction!(compat_state::package_state, m)?)?;
    m.add_function(wrap_pyfunction!(compat_state_lists::lists_of_state, m)?)?;
    m.add_function(wrap_pyfunction!(compat_support::centers_minus_units, m)?)?;
    Ok(())
}
