//! `standoff rules`: every rule option with its DATC issue, its choices and each
//! preset's value.

use anyhow::Result;
use standoff::rules::{describe_options, preset, preset_names, RuleSet};

/// Arguments of `standoff rules`.
#[derive(clap::Args)]
pub struct Args {
    /// Print one preset as JSON (for game files) instead of the table.
    #[arg(long)]
    json: Option<String>,
    /// Print the table as Markdown (docs/rules.md is this output).
    #[arg(long)]
    markdown: bool,
}

/// Prints the table (or a preset as JSON).
pub fn run(args: &Args) -> Result<bool> {
    if args.markdown {
        print!("{}", standoff::rules::options_markdown());
        return Ok(true);
    }
    if let Some(name) = &args.json {
        println!("{}", serde_json::to_string_pretty(&preset(name)?)?);
        return Ok(true);
    }
    let presets: Vec<(&str, serde_json::Value)> = preset_names()
        .into_iter()
        .map(|n| preset(n).map(|r| (n, serde_json::to_value(r).unwrap_or_default())))
        .collect::<Result<_, _>>()?;
    println!("Presets: {}", preset_names().join(", "));
    println!(
        "Set options with `--rules \"PRESET option=choice ...\"` (choice by name or letter).\n"
    );
    for o in describe_options() {
        println!("{} {} — {}", o.issue, o.field, o.title);
        for (letter, name, description) in &o.choices {
            let used_by: Vec<&str> = presets
                .iter()
                .filter(|(_, v)| v[o.field].as_str() == Some(name.as_str()))
                .map(|(n, _)| *n)
                .collect();
            let by = if used_by.is_empty() {
                String::new()
            } else {
                format!("   [{}]", used_by.join(", "))
            };
            let description = description
                .strip_prefix(&format!("({letter}) "))
                .unwrap_or(description);
            println!("    {letter}  {name}: {description}{by}");
        }
        println!();
    }
    // Every choice that a rule set may not use yet (the runner and CLI refuse them).
    let mut missing = Vec::new();
    for o in describe_options() {
        for (letter, name, _) in &o.choices {
            let mut r = RuleSet::default();
            if r.set(o.field, name).is_ok() && !r.unsupported().is_empty() {
                missing.push(format!("{} {letter} ({name})", o.issue));
            }
        }
    }
    if !missing.is_empty() {
        println!("Not implemented yet (a rule set using them is refused):");
        for m in &missing {
            println!("    {m}");
        }
    }
    Ok(true)
}
