//! Self-check for ci/qemu-x86.sh: proves that the emulated CPU model really
//! lacks the instructions the test run is meant to exclude.
//!
//! `x86_probe detect` prints the features std detects (those the kernels
//! need, and avx512vl), one `name=0|1` a line. `x86_probe exec
//! ssse3|sse4.1|popcnt|avx2|avx512` executes one such instruction
//! *without* checking, so under a CPU model without it the process must
//! die of SIGILL.
use std::arch::asm;
use std::hint::black_box;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["detect"] => {
            macro_rules! show {
                ($($f:tt),*) => {$(
                    println!("{}={}", $f, u8::from(is_x86_feature_detected!($f)));
                )*};
            }
            show!("sse3", "ssse3", "sse4.1", "sse4.2", "popcnt", "avx", "avx2", "bmi2");
            show!("avx512f", "avx512bw", "avx512vl");
        }
        ["exec", "ssse3"] => {
            let x = black_box(1u64);
            // SAFETY: as below; the SSSE3 instruction only writes xmm0.
            unsafe { asm!("pshufb xmm0, xmm0", out("xmm0") _, options(nomem, nostack)) };
            println!("executed ssse3 {x}");
        }
        ["exec", "sse4.1"] => {
            let x = black_box(1u64);
            // SAFETY: as below; the SSE4.1 instruction only writes xmm0.
            unsafe { asm!("pmaxud xmm0, xmm0", out("xmm0") _, options(nomem, nostack)) };
            println!("executed sse4.1 {x}");
        }
        ["exec", "popcnt"] => {
            let x = black_box(1u64);
            // SAFETY: as below; POPCNT only writes eax and the flags.
            unsafe { asm!("popcnt eax, eax", out("eax") _, options(nomem, nostack)) };
            println!("executed popcnt {x}");
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
            eprintln!("usage: x86_probe detect | exec ssse3|sse4.1|popcnt|avx2|avx512");
            std::process::exit(2);
        }
    }
}
