//! DATC case files in the jDip text format: reading ([`parse_case_file`]) and running
//! ([`run_case`]). No I/O: callers pass file contents.
//!
//! A case passes when the units after the phase and the dislodged units (those with a
//! retreat option) equal the expected sets exactly.

mod file;
mod run;

pub use file::{parse_case_file, Case, CaseFile, CaseFileError, UnitLine};
pub use run::{movement_case_input, run_case, run_case_with, CaseReport};
