//! DATC case files in the jDip text format: reading ([`parse_case_file`]) and running
//! ([`run_case`]), and writing a played game as one ([`write_case_file`]). No I/O: callers
//! pass and take text.
//!
//! A case passes when the units after the phase and the dislodged units (those with a
//! retreat option) equal the expected sets exactly.

mod file;
mod run;
mod write;

pub use file::{parse_case_file, Case, CaseFile, CaseFileError, UnitLine};
pub use run::{movement_case_input, run_case, run_case_with, CaseReport};
pub use write::{write_case_file, CaseFileHeader};
