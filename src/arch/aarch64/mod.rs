//! aarch64 kernels, and the one place that detects their CPU features.

pub(crate) mod neon;

/// Whether the running CPU has every listed target feature.
///
/// NEON is part of the standard aarch64 targets, so this folds to `true`
/// at compile time there; on targets that disable it (`*-softfloat`),
/// runtime detection with `std`, else `false`.
macro_rules! detected {
    ($($feature:tt),+ $(,)?) => {{
        #[cfg(feature = "std")]
        let found = $(std::arch::is_aarch64_feature_detected!($feature))&&+;
        #[cfg(not(feature = "std"))]
        let found = $(cfg!(target_feature = $feature))&&+;
        found
    }};
}
pub(crate) use detected;
