//! Profiling aid: times `Rasterizer::png` and the stages of rasterizing an SVG file
//! (parse, draw, encode), e.g. under `valgrind --tool=callgrind`:
//! `cargo run --release -p standoff-raster
//! --example time_png -- FILE.svg [N]`.
fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("an SVG file");
    let n: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(20);
    let svg = std::fs::read_to_string(&path).expect("readable");
    let r = standoff_raster::Rasterizer::new();
    let mut total = Vec::new();
    for _ in 0..n {
        let t = std::time::Instant::now();
        let png = r.png(&svg).expect("rasterized");
        total.push(t.elapsed().as_secs_f64() * 1e3);
        std::hint::black_box(png);
    }
    total.sort_by(f64::total_cmp);
    println!("png median {:.1} ms (min {:.1})", total[n / 2], total[0]);
    // Stages, with a fresh font database (the rasterizer's is private).
    let mut db = resvg::usvg::fontdb::Database::new();
    db.load_system_fonts();
    db.set_sans_serif_family(standoff_raster::FONT);
    let opt = resvg::usvg::Options {
        fontdb: std::sync::Arc::new(db),
        ..Default::default()
    };
    let t = std::time::Instant::now();
    let tree = resvg::usvg::Tree::from_str(&svg, &opt).expect("parsed");
    let parse = t.elapsed().as_secs_f64() * 1e3;
    let size = tree.size().to_int_size();
    let mut pm = resvg::tiny_skia::Pixmap::new(size.width(), size.height()).expect("size");
    let t = std::time::Instant::now();
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::default(),
        &mut pm.as_mut(),
    );
    let draw = t.elapsed().as_secs_f64() * 1e3;
    let t = std::time::Instant::now();
    let png = pm.encode_png().expect("png");
    let enc = t.elapsed().as_secs_f64() * 1e3;
    println!("parse {parse:.1} ms, draw {draw:.1} ms, tiny-skia encode {enc:.1} ms ({} bytes), size {}x{}", png.len(), size.width(), size.height());
}
