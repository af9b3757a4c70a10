//! x86_64 kernels, and the one place that detects their CPU features.

pub(crate) mod avx2;
// Only where the compiler has the AVX-512 intrinsics (see `build.rs`).
#[cfg(avx512_stable)]
#[clippy::msrv = "1.89"]
pub(crate) mod avx512;
pub(crate) mod sse42;
mod vector;

/// Whether the running CPU has every listed target feature.
///
/// With `std`, runtime detection (`is_x86_feature_detected!`, which caches
/// its answer and is constant-folded for features enabled at compile time).
/// Without `std`, only what the build enables with `-C target-feature` or
/// `-C target-cpu` counts.
macro_rules! detected {
    ($($feature:tt),+ $(,)?) => {{
        #[cfg(feature = "std")]
        let found = $(std::is_x86_feature_detected!($feature))&&+;
        #[cfg(not(feature = "std"))]
        let found = $(cfg!(target_feature = $feature))&&+;
        found
    }};
}
pub(crate) use detected;
