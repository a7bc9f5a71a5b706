//! Bytes drive a game over many phases (legal orders by index, some raw order text)
//! under small end rules: invariants after every phase, game end reached and kept, and
//! the game saves and loads as the same game.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| standoff_fuzz::game_loop(data));
