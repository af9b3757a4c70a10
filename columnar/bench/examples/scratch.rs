use arrow_array::builder::StringViewBuilder;
use rapidutf::columnar::{self, Validation};
use std::time::Instant;
fn main() {
    let words =
        ["the", "order", "café", "Zürich", "Привет", "你好", "shipped", "from", "warehouse"];
    let rows: Vec<String> = (0..100_000)
        .map(|i| {
            let mut s = String::new();
            let mut k = i;
            while s.len() < 40 {
                s.push_str(words[k % 9]);
                s.push(' ');
                k = k * 7 + 3;
            }
            s
        })
        .collect();
    let mut values = Vec::new();
    let mut offsets = vec![0i32];
    for r in &rows {
        values.extend_from_slice(r.as_bytes());
        offsets.push(values.len() as i32);
    }
    let mut b = StringViewBuilder::new();
    for r in &rows {
        b.append_value(r);
    }
    let a = b.finish();
    let (views, buffers) = (a.views().clone(), a.data_buffers().to_vec());
    let mut bits = vec![0u8; rows.len().div_ceil(8)];
    for _ in 0..5 {
        let mut best = [f64::MAX; 4];
        for _ in 0..5 {
            let t = Instant::now();
            assert!(rapidutf::validate_utf8_offsets(&values, &offsets).is_ok());
            best[0] = best[0].min(t.elapsed().as_secs_f64());
            let t = Instant::now();
            assert!(Validation::new().ascii_bitmap(&mut bits).offsets(&values, &offsets).is_ok());
            best[1] = best[1].min(t.elapsed().as_secs_f64());
            let t = Instant::now();
            assert!(columnar::validate_string_view(&views, &buffers).is_ok());
            best[2] = best[2].min(t.elapsed().as_secs_f64());
            let t = Instant::now();
            assert!(
                Validation::new().ascii_bitmap(&mut bits).string_view(&views, &buffers).is_ok()
            );
            best[3] = best[3].min(t.elapsed().as_secs_f64());
        }
        println!("{:?}", best.map(|t| format!("{:.2}", values.len() as f64 / t / 1e9)));
    }
}
