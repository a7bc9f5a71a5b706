//! Reading input files under the limits of `standoff::limits`: a file is read up to
//! its limit and refused beyond it, so an oversized file is never loaded whole; JSON
//! lines are read one line at a time, each line under its own limit.

use anyhow::{bail, Context, Result};
use std::io::{BufRead, Read};
use std::path::Path;

/// The whole of `path` (or standard input for `-`), refused if larger than `max` bytes.
pub fn read_text(path: &Path, max: usize, what: &str) -> Result<String> {
    let shown = path.display();
    let mut text = String::new();
    let limit = u64::try_from(max).unwrap_or(u64::MAX).saturating_add(1);
    if path.as_os_str() == "-" {
        std::io::stdin()
            .lock()
            .take(limit)
            .read_to_string(&mut text)
            .context("reading standard input")?;
    } else {
        std::fs::File::open(path)
            .and_then(|f| f.take(limit).read_to_string(&mut text))
            .with_context(|| format!("reading {shown}"))?;
    }
    if text.len() > max {
        bail!("{shown}: {what} is larger than the limit of {max} bytes");
    }
    Ok(text)
}

/// One line read by [`read_line_capped`].
pub enum Line {
    /// The line, without its end.
    Text(String),
    /// A line over the limit, skipped: its length in bytes.
    TooLong(usize),
    /// A line that is not UTF-8.
    NotUtf8,
}

/// The next line of `reader` (`None` at the end). A line over `max` bytes is skipped
/// without being kept in memory.
pub fn read_line_capped(reader: &mut impl BufRead, max: usize) -> Result<Option<Line>> {
    let mut buf = Vec::new();
    let mut length = 0usize;
    let mut too_long = false;
    loop {
        let chunk = reader.fill_buf()?;
        if chunk.is_empty() {
            break;
        }
        let (part, ends) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], true),
            None => (chunk, false),
        };
        length += part.len();
        if length > max {
            too_long = true;
            buf.clear();
        } else {
            buf.extend_from_slice(part);
        }
        let used = part.len() + usize::from(ends);
        reader.consume(used);
        if ends {
            return finish(buf, length, too_long).map(Some);
        }
    }
    if length == 0 && !too_long {
        return Ok(None);
    }
    finish(buf, length, too_long).map(Some)
}

fn finish(mut buf: Vec<u8>, length: usize, too_long: bool) -> Result<Line> {
    if too_long {
        return Ok(Line::TooLong(length));
    }
    if buf.last() == Some(&b'\r') {
        buf.pop();
    }
    Ok(String::from_utf8(buf).map_or(Line::NotUtf8, Line::Text))
}
