//! DATC case files in the jDip text format: reading ([`parse_case_file`]) and running
//! ([`run_case`], a whole file: [`run_case_file`]), and writing a played game as one
//! ([`write_case_file`]). No I/O: callers pass and take text. What is read is documented
//! in `docs/datc-format.md`.
//!
//! A case passes when the units after the phase and the dislodged units (those with a
//! retreat option) equal the expected sets exactly.

mod file;
mod run;
mod spelling;
mod suite;
mod write;

pub use file::{parse_case_file, Case, CaseFile, CaseFileError, UnitLine};
pub use run::{movement_case_input, run_case, run_case_with, CaseReport};
pub use spelling::read_case_phase;
pub use suite::{run_case_file, FileReport};
pub use write::{write_case_file, CaseFileHeader};
