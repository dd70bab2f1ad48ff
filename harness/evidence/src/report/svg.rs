//! Inline SVG charts for the HTML report: plain elements and attributes,
//! no scripts, fonts or external references, so the report opens offline.

/// Escapes text for XML/HTML content and attribute values.
///
/// ```
/// assert_eq!(dv_harness_evidence::report::svg::escape("a<b & \"c\"'"), "a&lt;b &amp; &quot;c&quot;&#39;");
/// ```
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

const LABEL_W: f64 = 330.0;
const BAR_W: f64 = 420.0;
const ROW_H: f64 = 18.0;

fn open(width: f64, height: f64, title: &str) -> String {
    format!(
        "<svg role=\"img\" width=\"{width:.0}\" height=\"{height:.0}\" viewBox=\"0 0 {width:.0} {height:.0}\"><title>{}</title>",
        escape(title)
    )
}

/// A horizontal bar per row (`label`, `value`), with a dashed reference
/// line (for instance the DV/HV budget 1.0); rows with no value show `-`.
///
/// ```
/// let svg = dv_harness_evidence::report::svg::bars("DV/HV", &[("Pod".into(), Some(0.8)), ("RC".into(), None)], Some(1.0));
/// assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
/// assert!(svg.contains(">Pod<") && svg.contains(">0.80<"));
/// ```
pub fn bars(title: &str, rows: &[(String, Option<f64>)], reference: Option<f64>) -> String {
    let max = rows
        .iter()
        .filter_map(|(_, v)| *v)
        .chain(reference)
        .fold(0.0_f64, f64::max)
        .max(f64::MIN_POSITIVE);
    let height = ROW_H * rows.len() as f64 + 30.0;
    let width = LABEL_W + BAR_W + 60.0;
    let mut s = open(width, height, title);
    for (i, (label, value)) in rows.iter().enumerate() {
        let y = 10.0 + ROW_H * i as f64;
        s.push_str(&format!(
            "<text x=\"{:.0}\" y=\"{:.0}\" text-anchor=\"end\" class=\"label\">{}</text>",
            LABEL_W - 6.0,
            y + 12.0,
            escape(label)
        ));
        match value {
            Some(v) => {
                let w = (v / max * BAR_W).max(1.0);
                let over = reference.is_some_and(|r| *v > r);
                s.push_str(&format!(
                    "<rect x=\"{LABEL_W:.0}\" y=\"{y:.0}\" width=\"{w:.1}\" height=\"{:.0}\" class=\"{}\"/>",
                    ROW_H - 4.0,
                    if over { "bar over" } else { "bar" }
                ));
                s.push_str(&format!(
                    "<text x=\"{:.1}\" y=\"{:.0}\" class=\"value\">{v:.2}</text>",
                    LABEL_W + w + 4.0,
                    y + 12.0
                ));
            }
            None => s.push_str(&format!(
                "<text x=\"{:.0}\" y=\"{:.0}\" class=\"value\">-</text>",
                LABEL_W + 4.0,
                y + 12.0
            )),
        }
    }
    if let Some(r) = reference {
        let x = LABEL_W + r / max * BAR_W;
        s.push_str(&format!(
            "<line x1=\"{x:.1}\" y1=\"4\" x2=\"{x:.1}\" y2=\"{:.0}\" class=\"reference\"/>",
            height - 18.0
        ));
        s.push_str(&format!(
            "<text x=\"{x:.1}\" y=\"{:.0}\" text-anchor=\"middle\" class=\"value\">{r:.2}</text>",
            height - 4.0
        ));
    }
    s.push_str("</svg>");
    s
}

/// Per rule, two bars on a log scale: cases that reached it and cases in
/// which it fired; rows with mismatches are marked.
///
/// ```
/// let svg = dv_harness_evidence::report::svg::evidence("RC", &[("spec.replicas/minimum".into(), 1000, 40, 0)]);
/// assert!(svg.contains("class=\"bar reached\"") && svg.contains("class=\"bar fired\""));
/// ```
pub fn evidence(title: &str, rows: &[(String, u64, u64, u64)]) -> String {
    let max = rows.iter().map(|r| r.1.max(r.2)).max().unwrap_or(0).max(1);
    let scale = |n: u64| {
        if n == 0 {
            0.0
        } else {
            ((n as f64 + 1.0).ln() / (max as f64 + 1.0).ln() * BAR_W).max(1.0)
        }
    };
    let height = ROW_H * rows.len() as f64 + 12.0;
    let width = LABEL_W + BAR_W + 120.0;
    let mut s = open(width, height, title);
    for (i, (label, reached, fired, mismatches)) in rows.iter().enumerate() {
        let y = 6.0 + ROW_H * i as f64;
        s.push_str(&format!(
            "<text x=\"{:.0}\" y=\"{:.0}\" text-anchor=\"end\" class=\"label{}\">{}</text>",
            LABEL_W - 6.0,
            y + 12.0,
            if *mismatches > 0 { " bad" } else { "" },
            escape(label)
        ));
        s.push_str(&format!(
            "<rect x=\"{LABEL_W:.0}\" y=\"{y:.0}\" width=\"{:.1}\" height=\"{:.0}\" class=\"bar reached\"/>",
            scale(*reached),
            ROW_H - 4.0
        ));
        s.push_str(&format!(
            "<rect x=\"{LABEL_W:.0}\" y=\"{:.0}\" width=\"{:.1}\" height=\"{:.0}\" class=\"bar fired\"/>",
            y + 4.0,
            scale(*fired),
            ROW_H - 12.0
        ));
        s.push_str(&format!(
            "<text x=\"{:.1}\" y=\"{:.0}\" class=\"value\">{reached} / {fired}{}</text>",
            LABEL_W + scale(*reached) + 4.0,
            y + 12.0,
            if *mismatches > 0 {
                format!(" / {mismatches} mismatches")
            } else {
                String::new()
            }
        ));
    }
    s.push_str("</svg>");
    s
}

/// Mismatches and panics per recorded run (stacked vertical bars, in run
/// order), labelled with the run id.
///
/// ```
/// let svg = dv_harness_evidence::report::svg::over_time("runs", &[("1".into(), 0, 0), ("2".into(), 3, 1)]);
/// assert!(svg.contains("class=\"bar mismatch\"") && svg.contains("class=\"bar panic\""));
/// ```
pub fn over_time(title: &str, runs: &[(String, u64, u64)]) -> String {
    let max = runs.iter().map(|r| r.1 + r.2).max().unwrap_or(0).max(1);
    let col = 28.0;
    let plot_h = 140.0;
    let width = 60.0 + col * runs.len().max(1) as f64 + 20.0;
    let height = plot_h + 50.0;
    let mut s = open(width, height, title);
    let base = plot_h + 10.0;
    s.push_str(&format!(
        "<line x1=\"50\" y1=\"{base:.0}\" x2=\"{:.0}\" y2=\"{base:.0}\" class=\"axis\"/>",
        width - 10.0
    ));
    s.push_str(&format!(
        "<text x=\"44\" y=\"14\" text-anchor=\"end\" class=\"value\">{max}</text><text x=\"44\" y=\"{base:.0}\" text-anchor=\"end\" class=\"value\">0</text>"
    ));
    for (i, (label, mismatches, panics)) in runs.iter().enumerate() {
        let x = 56.0 + col * i as f64;
        let hm = *mismatches as f64 / max as f64 * plot_h;
        let hp = *panics as f64 / max as f64 * plot_h;
        if *mismatches > 0 {
            s.push_str(&format!(
                "<rect x=\"{x:.0}\" y=\"{:.1}\" width=\"{:.0}\" height=\"{hm:.1}\" class=\"bar mismatch\"><title>run {}: {mismatches} mismatches</title></rect>",
                base - hm,
                col - 6.0,
                escape(label)
            ));
        }
        if *panics > 0 {
            s.push_str(&format!(
                "<rect x=\"{x:.0}\" y=\"{:.1}\" width=\"{:.0}\" height=\"{hp:.1}\" class=\"bar panic\"><title>run {}: {panics} panics</title></rect>",
                base - hm - hp,
                col - 6.0,
                escape(label)
            ));
        }
        s.push_str(&format!(
            "<text x=\"{:.0}\" y=\"{:.0}\" text-anchor=\"middle\" class=\"value\">{}</text>",
            x + (col - 6.0) / 2.0,
            base + 14.0,
            escape(label)
        ));
    }
    s.push_str("</svg>");
    s
}
