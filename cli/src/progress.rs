//! A one-line progress bar on stderr for large inputs.
//!
//! By default ([`Show::Auto`]) it appears only for inputs of known size
//! (a regular file, also as standard input: `< file`) above
//! [`THRESHOLD`], and only when stderr is a terminal, so pipelines, logs
//! and tests never see it. `--progress` ([`Show::Always`]) draws it for
//! any input of known size wherever stderr goes; `--no-progress` and `-q`
//! ([`Show::Never`]) never. It redraws at most ten times a second, never
//! shows less than it showed before (a second pass over the input, such as
//! `validate` counting lines up to an error, leaves it where it is), and
//! erases itself when done.

use std::io::IsTerminal;
#[cfg(not(test))]
use std::io::Write;
use std::time::{Duration, Instant};

/// Inputs larger than this (256 MiB) get a progress bar.
pub const THRESHOLD: u64 = 256 << 20;

/// How often the bar may be redrawn.
const REDRAW: Duration = Duration::from_millis(100);

/// Cells in the bar itself.
const WIDTH: usize = 30;

/// When to show the bar.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Show {
    /// For inputs above [`THRESHOLD`] when stderr is a terminal.
    #[default]
    Auto,
    /// For every input of known size (`--progress`).
    Always,
    /// Never (`--no-progress`, `-q`).
    Never,
}

/// A progress bar, or nothing when it is not wanted.
pub struct Progress {
    bar: Option<Bar>,
}

struct Bar {
    label: String,
    total: u64,
    start: Instant,
    last_draw: Option<Instant>,
    /// The most the bar has shown.
    shown: u64,
    /// What the bar drew, instead of stderr (tests).
    #[cfg(test)]
    drawn: Vec<String>,
}

impl Bar {
    fn draw(&mut self, text: &str) {
        #[cfg(test)]
        self.drawn.push(text.to_owned());
        // A progress bar that cannot be drawn is not worth an error.
        #[cfg(not(test))]
        let _ = std::io::stderr().lock().write_all(text.as_bytes());
    }
}

impl Progress {
    /// A progress bar for `label`, over `total` bytes if the size is known;
    /// it is active only when `show` and [`wanted`] say so.
    pub fn new(label: &str, total: Option<u64>, show: Show) -> Progress {
        let on = |t: u64| match show {
            Show::Auto => wanted(t, std::io::stderr().is_terminal()),
            Show::Always => true,
            Show::Never => false,
        };
        let bar = total.filter(|&t| on(t)).map(|total| Bar {
            label: label.to_owned(),
            total,
            start: Instant::now(),
            last_draw: None,
            shown: 0,
            #[cfg(test)]
            drawn: Vec::new(),
        });
        Progress { bar }
    }

    /// Reports that `done` bytes have been processed. Less than before (a
    /// second pass) leaves the bar as it is.
    pub fn update(&mut self, done: u64) {
        let Some(bar) = &mut self.bar else { return };
        if done < bar.shown {
            return;
        }
        let now = Instant::now();
        if bar.last_draw.is_some_and(|t| now.duration_since(t) < REDRAW) {
            return;
        }
        bar.last_draw = Some(now);
        bar.shown = done;
        let line = render(&bar.label, done, bar.total, now.duration_since(bar.start));
        bar.draw(&format!("\r{line}\x1b[K"));
    }

    /// Erases the bar, if one was drawn.
    pub fn finish(&mut self) {
        if let Some(bar) = &mut self.bar {
            if bar.last_draw.is_some() {
                bar.draw("\r\x1b[K");
            }
        }
        self.bar = None;
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}

/// Whether an input of `total` bytes gets a bar, given whether stderr is a
/// terminal.
pub fn wanted(total: u64, stderr_is_terminal: bool) -> bool {
    stderr_is_terminal && total > THRESHOLD
}

/// The bar's text: label, bar, percentage, amounts and throughput.
pub fn render(label: &str, done: u64, total: u64, elapsed: Duration) -> String {
    let done = done.min(total);
    let fraction = if total == 0 { 1.0 } else { done as f64 / total as f64 };
    let filled = ((fraction * WIDTH as f64) as usize).min(WIDTH);
    let secs = elapsed.as_secs_f64();
    let rate = if secs > 0.0 { done as f64 / secs / 1e9 } else { 0.0 };
    const GIB: f64 = (1u64 << 30) as f64;
    format!(
        "{label} [{}{}] {:3.0}%  {:.2}/{:.2} GiB  {rate:.2} GB/s",
        "#".repeat(filled),
        "-".repeat(WIDTH - filled),
        fraction * 100.0,
        done as f64 / GIB,
        total as f64 / GIB,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_large_inputs_on_a_terminal() {
        assert!(!wanted(THRESHOLD, true));
        assert!(wanted(THRESHOLD + 1, true));
        assert!(!wanted(THRESHOLD + 1, false));
        assert!(!wanted(u64::MAX, false));
    }

    #[test]
    fn never_goes_backwards() {
        let mut p = Progress::new("x", Some(1000), Show::Always);
        for done in [800, 100, 900] {
            p.update(done);
            // As if the redraw interval had passed.
            p.bar.as_mut().expect("forced bar").last_draw = None;
        }
        let drawn = &p.bar.as_ref().expect("bar").drawn;
        assert_eq!(drawn.len(), 2, "{drawn:?}");
        assert!(drawn[0].contains(" 80%") && drawn[1].contains(" 90%"), "{drawn:?}");
        assert!(Progress::new("x", Some(u64::MAX), Show::Never).bar.is_none());
        assert!(Progress::new("x", None, Show::Always).bar.is_none());
    }

    #[test]
    fn rendering() {
        let total = 2 << 30;
        let line = render("validate big.txt", 1 << 30, total, Duration::from_secs(1));
        assert_eq!(
            line,
            format!(
                "validate big.txt [{}{}]  50%  1.00/2.00 GiB  1.07 GB/s",
                "#".repeat(15),
                "-".repeat(15)
            )
        );
        let full = render("x", total + 5, total, Duration::ZERO);
        assert!(full.contains(&"#".repeat(WIDTH)), "{full}");
        assert!(full.contains("100%"), "{full}");
    }
}
