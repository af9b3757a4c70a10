//! Self-check for ci/qemu-x86.sh: proves that the emulated CPU model really
//! lacks the instructions the test run is meant to exclude.
//!
//! `x86_probe detect` prints the features std detects (sse4.2, avx2,
//! avx512f, avx512bw, avx512vl), one `name=0|1` a line. `x86_probe exec
//! avx2|avx512` executes one such instruction *without* checking, so
//! under a CPU model without it the process must die of SIGILL.
use std::arch::asm;
use std::hint::black_box;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["detect"] => {
            println!("sse4.2={}", u8::from(is_x86_feature_detected!("sse4.2")));
            println!("avx2={}", u8::from(is_x86_feature_detected!("avx2")));
            println!("avx512f={}", u8::from(is_x86_feature_detected!("avx512f")));
            println!("avx512bw={}", u8::from(is_x86_feature_detected!("avx512bw")));
            println!("avx512vl={}", u8::from(is_x86_feature_detected!("avx512vl")));
        }
        ["exec", "avx2"] => {
            let x = black_box(1u64);
            // SAFETY: deliberately unchecked: this is the SIGILL probe. The
            // AVX2 instruction only writes xmm0, declared clobbered.
            unsafe { asm!("vpbroadcastb xmm0, xmm0", out("xmm0") _, options(nomem, nostack)) };
            println!("executed avx2 {x}");
        }
        ["exec", "avx512"] => {
            let x = black_box(1u64);
            // SAFETY: as above; the AVX-512F instruction only writes eax.
            unsafe { asm!("kmovw eax, k0", out("eax") _, options(nomem, nostack)) };
            println!("executed avx512 {x}");
        }
        _ => {
            eprintln!("usage: x86_probe detect | exec avx2|avx512");
            std::process::exit(2);
        }
    }
}
