//! `standoff render`: a picture of a position (the start, a saved game's phase, or a
//! position file), with orders and their results drawn over it; SVG, or PNG rasterized
//! in-process (`standoff-raster`). Also the picture writer `standoff play --render DIR` uses.

use crate::input::read_text;
use crate::variant_arg::{names_file, TypedFiles};
use anyhow::{bail, Context, Result};
use standoff::game::Game;
use standoff::json::GameJson;
use standoff::limits::{MAX_JSON_BYTES, MAX_ORDERS_TEXT_BYTES, MAX_VARIANT_FILE_BYTES};
use standoff::parse::parse_orders_with;
use standoff::record::RecordedGame;
use standoff::render::{
    layout_from_artwork, phase_overlay, render_svg_with, DrawnOrder, Layout, RenderOptions,
};
use standoff::rules::Rules;
use standoff::{Order, Position, Variant};
use std::path::{Path, PathBuf};

/// Arguments of `standoff render`.
#[derive(clap::Args)]
pub struct Args {
    /// Variant: a built-in name or alias, or a variant file (an `artwork.toml` beside the
    /// file is used when there is one). Ignored with `--load`, which names its own.
    #[arg(long, default_value = "standard")]
    variant: String,
    /// A saved game (`standoff play --save`): its current position, or with `--phase`
    /// one played phase with its orders and results.
    #[arg(long)]
    load: Option<PathBuf>,
    /// With `--load`: the phase to draw (`Spring 1901 Movement`, `S1901M`).
    #[arg(long, requires = "load")]
    phase: Option<String>,
    /// A position as JSON (docs/position-json.md) instead of the start.
    #[arg(long, conflicts_with = "load")]
    position: Option<PathBuf>,
    /// Orders for the drawn position's phase: adjudicated, and drawn with their results.
    #[arg(long)]
    orders: Option<PathBuf>,
    /// Rules to adjudicate `--orders` by (a loaded game keeps its own).
    #[arg(long, default_value = "datc")]
    rules: String,
    /// Artwork file for the map (default: the built-in artwork, or the schematic layout).
    #[arg(long)]
    artwork: Option<PathBuf>,
    /// Leave out the province abbreviations.
    #[arg(long)]
    no_abbreviations: bool,
    /// Output file, `.svg` or `.png` (default: SVG on standard output).
    #[arg(long)]
    out: Option<PathBuf>,
}

fn read(path: &Path) -> Result<String> {
    read_text(path, MAX_VARIANT_FILE_BYTES, "an artwork file")
}

/// The layout for a variant given on the command line: an explicit artwork file, an
/// `artwork.toml` beside a variant file, else the variant's own.
pub fn layout_for(variant: &Variant, spec: &str, artwork: Option<&Path>) -> Result<Layout> {
    let beside = names_file(spec).then(|| {
        Path::new(spec)
            .parent()
            .unwrap_or_else(|| Path::new(""))
            .join("artwork.toml")
    });
    let file = artwork
        .map(Path::to_path_buf)
        .or(beside.filter(|p| p.is_file()));
    match file {
        Some(path) => layout_from_artwork(variant, &read(&path)?)
            .with_context(|| format!("artwork {}", path.display())),
        None => Ok(Layout::for_variant(variant)),
    }
}

/// Parses `text` as the orders of `position`'s phase and plays it, returning the orders
/// drawn with their results.
fn adjudicated(
    variant: &Variant,
    rules: Rules,
    position: &Position,
    text: &str,
    source: &Path,
) -> Vec<DrawnOrder> {
    let (parsed, errors) = parse_orders_with(variant, position, &rules, text);
    for e in &errors {
        eprintln!("{}:{}", source.display(), e);
    }
    let orders: Vec<Order> = parsed.into_iter().map(|p| p.order).collect();
    let mut game = Game::from_position(position.clone()).with_rules(rules);
    let processed = game.process(variant, &orders);
    phase_overlay(&orders, &processed.result)
}

/// A phase written out (`Spring 1901 Movement`) or as its short code (`S1901M`, any
/// case; read as the `diplomacy` package writes it).
fn phase_named(text: &str) -> Option<standoff::Phase> {
    standoff::phase::parse_phase(text)
        .or_else(|| standoff::mila::phase_name(&text.trim().to_ascii_uppercase()))
}

/// A saved game's phase: the position before it and its orders with results (or the
/// current position when `phase` is `None`). The save is checked and replayed by the
/// core ([`RecordedGame::from_json`]).
fn saved_phase(
    path: &Path,
    phase: Option<&str>,
    typed: &TypedFiles,
) -> Result<(Variant, Position, Vec<DrawnOrder>, Rules)> {
    let saved: GameJson = serde_json::from_str(&read_text(path, MAX_JSON_BYTES, "a saved game")?)
        .with_context(|| format!("reading {}", path.display()))?;
    let variant = typed
        .load_saved(&saved.variant)
        .with_context(|| format!("variant in {}", path.display()))?;
    let recorded = RecordedGame::from_json(&variant, &saved)
        .with_context(|| format!("saved game {}", path.display()))?;
    let rules = recorded.game.rules;
    let Some(wanted) = phase else {
        let position = recorded.game.position.clone();
        return Ok((variant, position, Vec::new(), rules));
    };
    let wanted = phase_named(wanted).with_context(|| {
        format!("`{wanted}` is not a phase (e.g. `Spring 1901 Movement`, `S1901M`)")
    })?;
    let record = recorded
        .history
        .iter()
        .find(|r| r.processed.phase == wanted)
        .with_context(|| format!("{} has no played phase {wanted}", path.display()))?;
    let drawn = phase_overlay(&record.orders, &record.processed.result);
    Ok((variant, record.position.clone(), drawn, rules))
}

/// Runs the command.
pub fn run(args: &Args) -> Result<bool> {
    let typed = TypedFiles::new(std::iter::once(Path::new(&args.variant)));
    let (variant, position, mut drawn, rules) = match &args.load {
        Some(path) => saved_phase(path, args.phase.as_deref(), &typed)?,
        None => {
            let variant = typed.load(&args.variant)?;
            let position = match &args.position {
                Some(p) => {
                    Position::from_json(&variant, &read_text(p, MAX_JSON_BYTES, "a position")?)
                        .with_context(|| format!("position {}", p.display()))?
                }
                None => Position::initial(&variant),
            };
            (variant, position, Vec::new(), Rules::parse(&args.rules)?)
        }
    };
    if let Some(path) = &args.orders {
        if !drawn.is_empty() {
            bail!("--orders and --phase both give orders; use one");
        }
        let text = read_text(path, MAX_ORDERS_TEXT_BYTES, "an order file")?;
        drawn = adjudicated(&variant, rules, &position, &text, path);
    }
    let layout = layout_for(&variant, &args.variant, args.artwork.as_deref())?;
    let options = RenderOptions {
        abbreviations: !args.no_abbreviations,
        ..RenderOptions::default()
    };
    let svg = render_svg_with(&layout, &variant, &position, &drawn, &options);
    match &args.out {
        None => print!("{svg}"),
        Some(path) => {
            let mut raster = None;
            write_picture(path, &svg, &mut raster)?;
        }
    }
    Ok(true)
}

pub use standoff_raster::Rasterizer;

/// Writes `svg` to `path` as SVG or PNG by its extension, atomically. `raster` holds
/// the rasterizer between calls (made on first use).
pub fn write_picture(path: &Path, svg: &str, raster: &mut Option<Rasterizer>) -> Result<()> {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let bytes = match ext.as_deref() {
        Some("svg") => svg.as_bytes().to_vec(),
        Some("png") => raster
            .get_or_insert_with(Rasterizer::new)
            .png(svg)
            .with_context(|| format!("rasterizing {}", path.display()))?,
        _ => bail!("{}: the output must end in .svg or .png", path.display()),
    };
    atomic_write(path, &bytes)
}

/// Writes `bytes` to `path` atomically (`standoff-io`: temp file, fsync, rename).
pub fn atomic_write(path: &Path, bytes: &[u8]) -> Result<()> {
    standoff_io::write_bytes_atomic(path, bytes)
        .with_context(|| format!("writing {}", path.display()))
}

/// Picture formats of `standoff play --render`.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum PictureFormat {
    /// SVG text.
    Svg,
    /// PNG, rasterized in-process.
    Png,
}

/// One picture per played phase, into a folder (`standoff play --render DIR`): the
/// position before the phase with its orders and results, named by the phase's short
/// code (`S1901M.svg`), and the position reached at the end.
pub struct PhasePictures {
    dir: PathBuf,
    format: PictureFormat,
    layout: Layout,
    before: Position,
    raster: Option<Rasterizer>,
}

impl PhasePictures {
    /// Prepares the folder (created if missing) and the map's layout.
    pub fn new(
        dir: &Path,
        format: PictureFormat,
        variant: &Variant,
        spec: &str,
        start: &Position,
    ) -> Result<PhasePictures> {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        Ok(PhasePictures {
            dir: dir.to_path_buf(),
            format,
            layout: layout_for(variant, spec, None)?,
            before: start.clone(),
            raster: None,
        })
    }

    fn write(
        &mut self,
        variant: &Variant,
        position: &Position,
        drawn: &[DrawnOrder],
    ) -> Result<()> {
        let svg = render_svg_with(
            &self.layout,
            variant,
            position,
            drawn,
            &RenderOptions::default(),
        );
        let ext = match self.format {
            PictureFormat::Svg => "svg",
            PictureFormat::Png => "png",
        };
        let path = self
            .dir
            .join(format!("{}.{ext}", position.phase().short_code()));
        write_picture(&path, &svg, &mut self.raster)
    }

    /// The picture of a played phase; `after` is the position it led to.
    pub fn phase(
        &mut self,
        variant: &Variant,
        orders: &[Order],
        processed: &standoff::game::Processed,
        after: &Position,
    ) -> Result<()> {
        let drawn = phase_overlay(orders, &processed.result);
        let before = std::mem::replace(&mut self.before, after.clone());
        self.write(variant, &before, &drawn)
    }

    /// The picture of the position reached (no orders yet).
    pub fn current(&mut self, variant: &Variant, position: &Position) -> Result<()> {
        self.write(variant, position, &[])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png_size(png: &[u8]) -> (u32, u32) {
        standoff_raster::png_dimensions(png).expect("a PNG with its IHDR header")
    }

    #[test]
    fn phases_are_read_in_both_forms() {
        let long = phase_named("Fall 1901 Movement").expect("test setup");
        assert_eq!(phase_named("F1901M"), Some(long));
        assert_eq!(
            phase_named("w1901a").expect("test setup").to_string(),
            "Winter 1901 Adjustment"
        );
        assert_eq!(phase_named("X1901M"), None);
        assert_eq!(phase_named("S19x1M"), None);
        assert_eq!(phase_named(""), None);
    }

    #[test]
    fn png_output_has_the_pictures_size() {
        let variant = Variant::standard();
        let position = Position::initial(&variant);
        let svg = standoff::render::render_svg(&variant, &position, &[], &RenderOptions::default());
        let doc_width = svg
            .split("width=\"")
            .nth(1)
            .and_then(|s| s.split('"').next())
            .and_then(|s| s.parse::<u32>().ok())
            .expect("test setup");
        let doc_height = svg
            .split("height=\"")
            .nth(1)
            .and_then(|s| s.split('"').next())
            .and_then(|s| s.parse::<u32>().ok())
            .expect("test setup");
        let png = Rasterizer::new().png(&svg).expect("test setup");
        assert_eq!(png_size(&png), (doc_width, doc_height));
    }

    #[test]
    fn pictures_are_written_atomically_by_extension() {
        let dir = std::env::temp_dir().join(format!("standoff-render-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("test setup");
        let mut raster = None;
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"20\" height=\"10\"><rect width=\"20\" height=\"10\" fill=\"red\"/></svg>";
        write_picture(&dir.join("a.svg"), svg, &mut raster).expect("test setup");
        write_picture(&dir.join("a.png"), svg, &mut raster).expect("test setup");
        assert!(write_picture(&dir.join("a.gif"), svg, &mut raster).is_err());
        assert_eq!(
            std::fs::read_to_string(dir.join("a.svg")).expect("test setup"),
            svg
        );
        assert_eq!(
            png_size(&std::fs::read(dir.join("a.png")).expect("test setup")),
            (20, 10)
        );
        let leftovers: Vec<_> = std::fs::read_dir(&dir)
            .expect("test setup")
            .filter_map(|e| e.ok())
            .filter(|e| e.file_name().to_string_lossy().contains(".tmp-"))
            .collect();
        assert!(leftovers.is_empty(), "no temporary files left behind");
        std::fs::remove_dir_all(&dir).expect("test setup");
    }
}
