//! The kernel registry: which implementations exist, which this CPU can
//! run, which one dispatch uses, and a way to call any of them directly.

use crate::arch::KernelFns;
use crate::byte_order::{Be, Le, Native};
use crate::error::{Latin1Error, TranscodeError, Utf16Error, Utf32Error, Utf8Error};
use crate::glue;
use crate::scalar::latin1::{Latin1, ToLatin1};
use crate::scalar::transcode::{Chars, Str, Utf16, Utf32, Utf8};
use crate::scalar::windows1252::Windows1252;
use core::convert::Infallible;
use core::fmt;
use core::str::FromStr;
use core::sync::atomic::{AtomicU8, Ordering::Relaxed};

/// One implementation of the crate's algorithms.
///
/// [`Kernel::Scalar`] always exists. The others exist where this build's
/// target has them and the running CPU supports their instructions (see
/// [`Kernel::available`]). Dispatch uses [`Kernel::active`]; tests and
/// benchmarks can call any available kernel through the methods below.
///
/// # The mirrored methods
///
/// Besides the registry functions ([`available`](Kernel::available),
/// [`active`](Kernel::active), [`best`](Kernel::best),
/// [`is_available`](Kernel::is_available), [`name`](Kernel::name) and the
/// `FromStr` of the names), every method mirrors the free function of the
/// same name (`Kernel::Avx2.utf8_to_utf16(..)` is
/// [`utf8_to_utf16`](crate::utf8_to_utf16) run by the AVX2 kernel): same
/// arguments, same results, same documentation, which the free function
/// holds. Two differences: a method always runs its kernel, where the free
/// function answers short inputs inline; and a method panics if its kernel
/// is not available on this CPU. The families mirrored: validation,
/// transcoding (buffer, `_vec`, `_append`, `str_to_*`, `chars_to_*`),
/// counts and lengths, lossy decoding and its lengths, Latin-1 and
/// Windows-1252, the narrowest forms, many-strings validation.
///
/// ```
/// use rapidutf::Kernel;
/// for k in Kernel::available() {
///     assert_eq!(k.validate_utf8(b"ok"), Ok("ok"), "{}", k.name());
/// }
/// assert!(Kernel::available().any(|k| k == Kernel::Scalar));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
#[repr(u8)]
pub enum Kernel {
    /// The table-driven DFA; runs everywhere.
    Scalar = 0,
    /// Generic SIMD over the `wide` crate. Available everywhere when the
    /// `portable` feature (off by default) is on; [`Kernel::best`] only picks
    /// it where `wide` has a one-instruction byte shuffle (SSSE3, NEON,
    /// WASM `simd128`) and no dedicated kernel is faster.
    Portable = 1,
    /// x86_64 with SSE4.2 (128-bit).
    Sse42 = 2,
    /// x86_64 with AVX2 (256-bit).
    Avx2 = 3,
    /// x86_64 with AVX-512 F, BW, CD, VBMI and VBMI2 (512-bit; Ice Lake,
    /// Zen 4 and later), in builds by Rust 1.89 or later (the first with
    /// the AVX-512 intrinsics).
    Avx512 = 4,
    /// aarch64 with NEON (128-bit).
    Neon = 5,
    /// WebAssembly with `simd128` (128-bit), in builds with
    /// `-C target-feature=+simd128` (WebAssembly has no runtime detection).
    Simd128 = 6,
}

impl Kernel {
    /// Every kernel this crate knows, from slowest to fastest. A slice, so
    /// that adding a kernel is not a breaking change.
    ///
    /// The order is measured, not assumed. On an AMD EPYC (Zen 4) with the
    /// lipsum corpus, UTF-8 validation of the non-ASCII files runs at about
    /// 30 GB/s with AVX-512 and 24 GB/s with AVX2 (ASCII text is bound by
    /// the cache at about 115 GB/s for both), so AVX-512 comes last even
    /// though Zen 4 splits 512-bit operations in two: it needs fewer
    /// instructions (`vpermb` nibble lookups without masking, one vector
    /// per block). The AVX-512 kernel requires VBMI, i.e. Ice Lake or Zen 4
    /// and later, where 512-bit code no longer lowers the clock much.
    pub const ALL: &'static [Kernel] = &[
        Kernel::Scalar,
        Kernel::Portable,
        Kernel::Simd128,
        Kernel::Sse42,
        Kernel::Neon,
        Kernel::Avx2,
        Kernel::Avx512,
    ];

    /// The kernel's name, as accepted by `RAPIDUTF_KERNEL` and
    /// [`FromStr`]: `scalar`, `portable`, `sse42`, `avx2`, `avx512`,
    /// `neon`, `simd128`.
    #[must_use]
    #[inline]
    pub const fn name(self) -> &'static str {
        match self {
            Kernel::Scalar => "scalar",
            Kernel::Portable => "portable",
            Kernel::Sse42 => "sse42",
            Kernel::Avx2 => "avx2",
            Kernel::Avx512 => "avx512",
            Kernel::Neon => "neon",
            Kernel::Simd128 => "simd128",
        }
    }

    /// Whether this build has the kernel and the running CPU can execute
    /// it. Without the `std` feature only compile-time target features
    /// count.
    #[must_use]
    #[inline]
    pub fn is_available(self) -> bool {
        self.table().is_some()
    }

    /// Every kernel this CPU can run, from slowest to fastest.
    #[inline]
    pub fn available() -> impl Iterator<Item = Kernel> + Clone {
        Kernel::ALL.iter().copied().filter(|k| k.is_available())
    }

    /// The fastest available kernel: the last of [`Kernel::ALL`] that is
    /// available, except that [`Kernel::Portable`] is skipped on targets
    /// where `wide` has no one-instruction byte shuffle (there the scalar
    /// DFA is faster).
    #[must_use]
    #[inline]
    pub fn best() -> Kernel {
        Kernel::available()
            .filter(|&k| k != Kernel::Portable || crate::arch::PORTABLE_NATIVE_SHUFFLE)
            .last()
            .unwrap_or(Kernel::Scalar)
    }

    /// The kernel that dispatch uses: `RAPIDUTF_KERNEL` if it is set (read
    /// once per process) and names an available kernel, else
    /// [`Kernel::best`]. An unknown or unavailable name is ignored, silently
    /// (the library never prints): compare this with the name you set to
    /// find out whether it took effect.
    ///
    /// ```
    /// let k = rapidutf::Kernel::active();
    /// assert!(k.is_available());
    /// ```
    #[must_use]
    #[inline]
    pub fn active() -> Kernel {
        const UNSET: u8 = u8::MAX;
        static ACTIVE: AtomicU8 = AtomicU8::new(UNSET);
        let k = ACTIVE.load(Relaxed);
        if k != UNSET {
            return Kernel::ALL.iter().copied().find(|x| *x as u8 == k).unwrap_or(Kernel::Scalar);
        }
        let chosen = resolve();
        ACTIVE.store(chosen as u8, Relaxed);
        chosen
    }

    /// The kernel's table, or `None` if this build or CPU cannot run it:
    /// each kernel's detection function is the only source of a
    /// [`KernelFns`].
    fn table(self) -> Option<&'static KernelFns> {
        use crate::arch;
        match self {
            Kernel::Scalar => arch::scalar::fns(),
            #[cfg(feature = "portable")]
            Kernel::Portable => arch::portable::fns(),
            #[cfg(target_arch = "x86_64")]
            Kernel::Sse42 => arch::x86_64::sse42::fns(),
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => arch::x86_64::avx2::fns(),
            #[cfg(all(target_arch = "x86_64", avx512_stable))]
            Kernel::Avx512 => arch::x86_64::avx512::fns(),
            #[cfg(target_arch = "aarch64")]
            Kernel::Neon => arch::aarch64::neon::fns(),
            #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
            Kernel::Simd128 => arch::wasm32::fns(),
            #[allow(unreachable_patterns)]
            _ => None,
        }
    }

    /// The kernel's table; panics if it is not available.
    pub(crate) fn fns(self) -> &'static KernelFns {
        match self.table() {
            Some(f) => f,
            None => panic!("rapidutf: kernel {} is not available on this CPU", self.name()),
        }
    }

    /// [`crate::validate_utf8`] with this kernel.
    ///
    /// # Errors
    ///
    /// As [`crate::validate_utf8`].
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    #[inline]
    pub fn validate_utf8(self, bytes: &[u8]) -> Result<&str, Utf8Error> {
        glue::validate_utf8_with(self.fns(), bytes)
    }

    /// [`crate::is_valid_utf8`] with this kernel.
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    #[must_use]
    #[inline]
    pub fn is_valid_utf8(self, bytes: &[u8]) -> bool {
        self.fns().is_valid_utf8(bytes)
    }

    /// [`crate::is_ascii`] with this kernel, whatever the input's length.
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    ///
    /// ```
    /// let text = "plain text, long enough for a few 64-byte blocks of it...".repeat(3);
    /// for k in rapidutf::Kernel::available() {
    ///     assert!(k.is_ascii(text.as_bytes()), "{k}");
    ///     assert!(!k.is_ascii(format!("{text}é").as_bytes()), "{k}");
    /// }
    /// ```
    #[must_use]
    #[inline]
    pub fn is_ascii(self, bytes: &[u8]) -> bool {
        self.fns().is_ascii(bytes)
    }

    // Lengths and counts.

    #[cfg(feature = "transcode")]
    #[cfg_attr(docsrs, doc(cfg(feature = "transcode")))]
    /// [`crate::count_chars`] with this kernel, whatever the input's length.
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    #[must_use]
    #[inline]
    pub fn count_chars(self, src: &[u8]) -> usize {
        self.fns().count_chars(src)
    }

    #[cfg(feature = "transcode")]
    #[cfg_attr(docsrs, doc(cfg(feature = "transcode")))]
    /// [`crate::utf16_len_from_utf8`] with this kernel, whatever the input's length.
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    #[must_use]
    #[inline]
    pub fn utf16_len_from_utf8(self, src: &[u8]) -> usize {
        self.fns().utf16_len_from_utf8(src)
    }

    #[cfg(feature = "transcode")]
    #[cfg_attr(docsrs, doc(cfg(feature = "transcode")))]
    /// [`crate::utf8_len_from_utf16`] with this kernel, whatever the input's length.
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    #[must_use]
    #[inline]
    pub fn utf8_len_from_utf16(self, src: &[u16]) -> usize {
        if cfg!(target_endian = "little") {
            self.utf8_len_from_utf16le(src)
        } else {
            self.utf8_len_from_utf16be(src)
        }
    }

    #[cfg(feature = "transcode")]
    #[cfg_attr(docsrs, doc(cfg(feature = "transcode")))]
    /// [`crate::utf8_len_from_utf16le`] with this kernel, whatever the input's length.
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    #[must_use]
    #[inline]
    pub fn utf8_len_from_utf16le(self, src: &[u16]) -> usize {
        self.fns().utf8_len_from_utf16le(src)
    }

    #[cfg(feature = "transcode")]
    #[cfg_attr(docsrs, doc(cfg(feature = "transcode")))]
    /// [`crate::utf8_len_from_utf16be`] with this kernel, whatever the input's length.
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    #[must_use]
    #[inline]
    pub fn utf8_len_from_utf16be(self, src: &[u16]) -> usize {
        self.fns().utf8_len_from_utf16be(src)
    }

    #[cfg(feature = "transcode")]
    #[cfg_attr(docsrs, doc(cfg(feature = "transcode")))]
    /// [`crate::utf8_len_from_utf32`] with this kernel, whatever the input's length.
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    #[must_use]
    #[inline]
    pub fn utf8_len_from_utf32(self, src: &[u32]) -> usize {
        self.fns().utf8_len_from_utf32(src)
    }

    #[cfg(feature = "transcode")]
    #[cfg_attr(docsrs, doc(cfg(feature = "transcode")))]
    /// [`crate::utf16_len_from_utf32`] with this kernel, whatever the input's length.
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    #[must_use]
    #[inline]
    pub fn utf16_len_from_utf32(self, src: &[u32]) -> usize {
        self.fns().utf16_len_from_utf32(src)
    }

    #[cfg(feature = "transcode")]
    #[cfg_attr(docsrs, doc(cfg(feature = "transcode")))]
    /// [`crate::utf32_len_from_utf16`] with this kernel, whatever the input's length.
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    #[must_use]
    #[inline]
    pub fn utf32_len_from_utf16(self, src: &[u16]) -> usize {
        if cfg!(target_endian = "little") {
            self.utf32_len_from_utf16le(src)
        } else {
            self.utf32_len_from_utf16be(src)
        }
    }

    #[cfg(feature = "transcode")]
    #[cfg_attr(docsrs, doc(cfg(feature = "transcode")))]
    /// [`crate::utf32_len_from_utf16le`] with this kernel, whatever the input's length.
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    #[must_use]
    #[inline]
    pub fn utf32_len_from_utf16le(self, src: &[u16]) -> usize {
        self.fns().utf32_len_from_utf16le(src)
    }

    #[cfg(feature = "transcode")]
    #[cfg_attr(docsrs, doc(cfg(feature = "transcode")))]
    /// [`crate::utf32_len_from_utf16be`] with this kernel, whatever the input's length.
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    #[must_use]
    #[inline]
    pub fn utf32_len_from_utf16be(self, src: &[u16]) -> usize {
        self.fns().utf32_len_from_utf16be(src)
    }

    #[cfg(feature = "transcode")]
    #[cfg_attr(docsrs, doc(cfg(feature = "transcode")))]
    /// [`crate::utf8_to_utf16`] with this kernel.
    ///
    /// # Errors
    ///
    /// As [`crate::utf8_to_utf16`].
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    ///
    /// ```
    /// let src = *b"a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80!\xFF";
    /// let (mut a, mut b) = ([0; 64], [0; 64]);
    /// for k in rapidutf::Kernel::available() {
    ///     let r = k.utf8_to_utf16(&src, &mut a);
    ///     assert_eq!(r, rapidutf::utf8_to_utf16(&src, &mut b));
    ///     let n = r.unwrap_or_else(|e| e.written());
    ///     assert_eq!(a[..n], b[..n], "{k}");
    /// }
    /// ```
    #[inline]
    pub fn utf8_to_utf16(
        self,
        src: &[u8],
        dst: &mut [u16],
    ) -> Result<usize, TranscodeError<Utf8Error>> {
        glue::transcode_with::<Utf8, Utf16<Native>, _>(self.fns(), src, dst)
    }

    #[cfg(feature = "transcode")]
    #[cfg_attr(docsrs, doc(cfg(feature = "transcode")))]
    /// [`crate::utf8_to_utf16le`] with this kernel.
    ///
    /// # Errors
    ///
    /// As [`crate::utf8_to_utf16le`].
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    ///
    /// ```
    /// let src = *b"a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80!\xFF";
    /// let (mut a, mut b) = ([0; 64], [0; 64]);
    /// for k in rapidutf::Kernel::available() {
    ///     let r = k.utf8_to_utf16le(&src, &mut a);
    ///     assert_eq!(r, rapidutf::utf8_to_utf16le(&src, &mut b));
    ///     let n = r.unwrap_or_else(|e| e.written());
    ///     assert_eq!(a[..n], b[..n], "{k}");
    /// }
    /// ```
    #[inline]
    pub fn utf8_to_utf16le(
        self,
        src: &[u8],
        dst: &mut [u16],
    ) -> Result<usize, TranscodeError<Utf8Error>> {
        glue::transcode_with::<Utf8, Utf16<Le>, _>(self.fns(), src, dst)
    }

    #[cfg(feature = "transcode")]
    #[cfg_attr(docsrs, doc(cfg(feature = "transcode")))]
    /// [`crate::utf8_to_utf16be`] with this kernel.
    ///
    /// # Errors
    ///
    /// As [`crate::utf8_to_utf16be`].
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    ///
    /// ```
    /// let src = *b"a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80!\xFF";
    /// let (mut a, mut b) = ([0; 64], [0; 64]);
    /// for k in rapidutf::Kernel::available() {
    ///     let r = k.utf8_to_utf16be(&src, &mut a);
    ///     assert_eq!(r, rapidutf::utf8_to_utf16be(&src, &mut b));
    ///     let n = r.unwrap_or_else(|e| e.written());
    ///     assert_eq!(a[..n], b[..n], "{k}");
    /// }
    /// ```
    #[inline]
    pub fn utf8_to_utf16be(
        self,
        src: &[u8],
        dst: &mut [u16],
    ) -> Result<usize, TranscodeError<Utf8Error>> {
        glue::transcode_with::<Utf8, Utf16<Be>, _>(self.fns(), src, dst)
    }

    #[cfg(feature = "transcode")]
    #[cfg_attr(docsrs, doc(cfg(feature = "transcode")))]
    /// [`crate::utf8_to_utf32`] with this kernel.
    ///
    /// # Errors
    ///
    /// As [`crate::utf8_to_utf32`].
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    ///
    /// ```
    /// let src = *b"a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80!\xFF";
    /// let (mut a, mut b) = ([0; 64], [0; 64]);
    /// for k in rapidutf::Kernel::available() {
    ///     let r = k.utf8_to_utf32(&src, &mut a);
    ///     assert_eq!(r, rapidutf::utf8_to_utf32(&src, &mut b));
    ///     let n = r.unwrap_or_else(|e| e.written());
    ///     assert_eq!(a[..n], b[..n], "{k}");
    /// }
    /// ```
    #[inline]
    pub fn utf8_to_utf32(
        self,
        src: &[u8],
        dst: &mut [u32],
    ) -> Result<usize, TranscodeError<Utf8Error>> {
        glue::transcode_with::<Utf8, Utf32, _>(self.fns(), src, dst)
    }

    #[cfg(feature = "transcode")]
    #[cfg_attr(docsrs, doc(cfg(feature = "transcode")))]
    /// [`crate::utf16_to_utf8`] with this kernel.
    ///
    /// # Errors
    ///
    /// As [`crate::utf16_to_utf8`].
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    ///
    /// ```
    /// let src = [0x61u16, 0xE9, 0x20AC, 0xD83D, 0xDE00, 0xDC00];
    /// let (mut a, mut b) = ([0; 64], [0; 64]);
    /// for k in rapidutf::Kernel::available() {
    ///     let r = k.utf16_to_utf8(&src, &mut a);
    ///     assert_eq!(r, rapidutf::utf16_to_utf8(&src, &mut b));
    ///     let n = r.unwrap_or_else(|e| e.written());
    ///     assert_eq!(a[..n], b[..n], "{k}");
    /// }
    /// ```
    #[inline]
    pub fn utf16_to_utf8(
        self,
        src: &[u16],
        dst: &mut [u8],
    ) -> Result<usize, TranscodeError<Utf16Error>> {
        glue::transcode_with::<Utf16<Native>, Utf8, _>(self.fns(), src, dst)
    }

    #[cfg(feature = "transcode")]
    #[cfg_attr(docsrs, doc(cfg(feature = "transcode")))]
    /// [`crate::utf16le_to_utf8`] with this kernel.
    ///
    /// # Errors
    ///
    /// As [`crate::utf16le_to_utf8`].
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    ///
    /// ```
    /// let src = [0x61u16, 0xE9, 0x20AC, 0xD83D, 0xDE00, 0xDC00];
    /// let (mut a, mut b) = ([0; 64], [0; 64]);
    /// for k in rapidutf::Kernel::available() {
    ///     let r = k.utf16le_to_utf8(&src, &mut a);
    ///     assert_eq!(r, rapidutf::utf16le_to_utf8(&src, &mut b));
    ///     let n = r.unwrap_or_else(|e| e.written());
    ///     assert_eq!(a[..n], b[..n], "{k}");
    /// }
    /// ```
    #[inline]
    pub fn utf16le_to_utf8(
        self,
        src: &[u16],
        dst: &mut [u8],
    ) -> Result<usize, TranscodeError<Utf16Error>> {
        glue::transcode_with::<Utf16<Le>, Utf8, _>(self.fns(), src, dst)
    }

    #[cfg(feature = "transcode")]
    #[cfg_attr(docsrs, doc(cfg(feature = "transcode")))]
    /// [`crate::utf16be_to_utf8`] with this kernel.
    ///
    /// # Errors
    ///
    /// As [`crate::utf16be_to_utf8`].
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    ///
    /// ```
    /// let src = [0x61u16, 0xE9, 0x20AC, 0xD83D, 0xDE00, 0xDC00];
    /// let (mut a, mut b) = ([0; 64], [0; 64]);
    /// for k in rapidutf::Kernel::available() {
    ///     let r = k.utf16be_to_utf8(&src, &mut a);
    ///     assert_eq!(r, rapidutf::utf16be_to_utf8(&src, &mut b));
    ///     let n = r.unwrap_or_else(|e| e.written());
    ///     assert_eq!(a[..n], b[..n], "{k}");
    /// }
    /// ```
    #[inline]
    pub fn utf16be_to_utf8(
        self,
        src: &[u16],
        dst: &mut [u8],
    ) -> Result<usize, TranscodeError<Utf16Error>> {
        glue::transcode_with::<Utf16<Be>, Utf8, _>(self.fns(), src, dst)
    }

    #[cfg(feature = "transcode")]
    #[cfg_attr(docsrs, doc(cfg(feature = "transcode")))]
    /// [`crate::utf32_to_utf8`] with this kernel.
    ///
    /// # Errors
    ///
    /// As [`crate::utf32_to_utf8`].
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    ///
    /// ```
    /// let src = [0x61u32, 0xE9, 0x20AC, 0x1F600, 0xD800];
    /// let (mut a, mut b) = ([0; 64], [0; 64]);
    /// for k in rapidutf::Kernel::available() {
    ///     let r = k.utf32_to_utf8(&src, &mut a);
    ///     assert_eq!(r, rapidutf::utf32_to_utf8(&src, &mut b));
    ///     let n = r.unwrap_or_else(|e| e.written());
    ///     assert_eq!(a[..n], b[..n], "{k}");
    /// }
    /// ```
    #[inline]
    pub fn utf32_to_utf8(
        self,
        src: &[u32],
        dst: &mut [u8],
    ) -> Result<usize, TranscodeError<Utf32Error>> {
        glue::transcode_with::<Utf32, Utf8, _>(self.fns(), src, dst)
    }

    #[cfg(feature = "transcode")]
    #[cfg_attr(docsrs, doc(cfg(feature = "transcode")))]
    /// [`crate::utf16_to_utf32`] with this kernel.
    ///
    /// # Errors
    ///
    /// As [`crate::utf16_to_utf32`].
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    ///
    /// ```
    /// let src = [0x61u16, 0xE9, 0x20AC, 0xD83D, 0xDE00, 0xDC00];
    /// let (mut a, mut b) = ([0; 64], [0; 64]);
    /// for k in rapidutf::Kernel::available() {
    ///     let r = k.utf16_to_utf32(&src, &mut a);
    ///     assert_eq!(r, rapidutf::utf16_to_utf32(&src, &mut b));
    ///     let n = r.unwrap_or_else(|e| e.written());
    ///     assert_eq!(a[..n], b[..n], "{k}");
    /// }
    /// ```
    #[inline]
    pub fn utf16_to_utf32(
        self,
        src: &[u16],
        dst: &mut [u32],
    ) -> Result<usize, TranscodeError<Utf16Error>> {
        glue::transcode_with::<Utf16<Native>, Utf32, _>(self.fns(), src, dst)
    }

    #[cfg(feature = "transcode")]
    #[cfg_attr(docsrs, doc(cfg(feature = "transcode")))]
    /// [`crate::utf16le_to_utf32`] with this kernel.
    ///
    /// # Errors
    ///
    /// As [`crate::utf16le_to_utf32`].
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    ///
    /// ```
    /// let src = [0x61u16, 0xE9, 0x20AC, 0xD83D, 0xDE00, 0xDC00];
    /// let (mut a, mut b) = ([0; 64], [0; 64]);
    /// for k in rapidutf::Kernel::available() {
    ///     let r = k.utf16le_to_utf32(&src, &mut a);
    ///     assert_eq!(r, rapidutf::utf16le_to_utf32(&src, &mut b));
    ///     let n = r.unwrap_or_else(|e| e.written());
    ///     assert_eq!(a[..n], b[..n], "{k}");
    /// }
    /// ```
    #[inline]
    pub fn utf16le_to_utf32(
        self,
        src: &[u16],
        dst: &mut [u32],
    ) -> Result<usize, TranscodeError<Utf16Error>> {
        glue::transcode_with::<Utf16<Le>, Utf32, _>(self.fns(), src, dst)
    }

    #[cfg(feature = "transcode")]
    #[cfg_attr(docsrs, doc(cfg(feature = "transcode")))]
    /// [`crate::utf16be_to_utf32`] with this kernel.
    ///
    /// # Errors
    ///
    /// As [`crate::utf16be_to_utf32`].
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    ///
    /// ```
    /// let src = [0x61u16, 0xE9, 0x20AC, 0xD83D, 0xDE00, 0xDC00];
    /// let (mut a, mut b) = ([0; 64], [0; 64]);
    /// for k in rapidutf::Kernel::available() {
    ///     let r = k.utf16be_to_utf32(&src, &mut a);
    ///     assert_eq!(r, rapidutf::utf16be_to_utf32(&src, &mut b));
    ///     let n = r.unwrap_or_else(|e| e.written());
    ///     assert_eq!(a[..n], b[..n], "{k}");
    /// }
    /// ```
    #[inline]
    pub fn utf16be_to_utf32(
        self,
        src: &[u16],
        dst: &mut [u32],
    ) -> Result<usize, TranscodeError<Utf16Error>> {
        glue::transcode_with::<Utf16<Be>, Utf32, _>(self.fns(), src, dst)
    }

    #[cfg(feature = "transcode")]
    #[cfg_attr(docsrs, doc(cfg(feature = "transcode")))]
    /// [`crate::utf32_to_utf16`] with this kernel.
    ///
    /// # Errors
    ///
    /// As [`crate::utf32_to_utf16`].
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    ///
    /// ```
    /// let src = [0x61u32, 0xE9, 0x20AC, 0x1F600, 0xD800];
    /// let (mut a, mut b) = ([0; 64], [0; 64]);
    /// for k in rapidutf::Kernel::available() {
    ///     let r = k.utf32_to_utf16(&src, &mut a);
    ///     assert_eq!(r, rapidutf::utf32_to_utf16(&src, &mut b));
    ///     let n = r.unwrap_or_else(|e| e.written());
    ///     assert_eq!(a[..n], b[..n], "{k}");
    /// }
    /// ```
    #[inline]
    pub fn utf32_to_utf16(
        self,
        src: &[u32],
        dst: &mut [u16],
    ) -> Result<usize, TranscodeError<Utf32Error>> {
        glue::transcode_with::<Utf32, Utf16<Native>, _>(self.fns(), src, dst)
    }

    #[cfg(feature = "transcode")]
    #[cfg_attr(docsrs, doc(cfg(feature = "transcode")))]
    /// [`crate::utf32_to_utf16le`] with this kernel.
    ///
    /// # Errors
    ///
    /// As [`crate::utf32_to_utf16le`].
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    ///
    /// ```
    /// let src = [0x61u32, 0xE9, 0x20AC, 0x1F600, 0xD800];
    /// let (mut a, mut b) = ([0; 64], [0; 64]);
    /// for k in rapidutf::Kernel::available() {
    ///     let r = k.utf32_to_utf16le(&src, &mut a);
    ///     assert_eq!(r, rapidutf::utf32_to_utf16le(&src, &mut b));
    ///     let n = r.unwrap_or_else(|e| e.written());
    ///     assert_eq!(a[..n], b[..n], "{k}");
    /// }
    /// ```
    #[inline]
    pub fn utf32_to_utf16le(
        self,
        src: &[u32],
        dst: &mut [u16],
    ) -> Result<usize, TranscodeError<Utf32Error>> {
        glue::transcode_with::<Utf32, Utf16<Le>, _>(self.fns(), src, dst)
    }

    #[cfg(feature = "transcode")]
    #[cfg_attr(docsrs, doc(cfg(feature = "transcode")))]
    /// [`crate::utf32_to_utf16be`] with this kernel.
    ///
    /// # Errors
    ///
    /// As [`crate::utf32_to_utf16be`].
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    ///
    /// ```
    /// let src = [0x61u32, 0xE9, 0x20AC, 0x1F600, 0xD800];
    /// let (mut a, mut b) = ([0; 64], [0; 64]);
    /// for k in rapidutf::Kernel::available() {
    ///     let r = k.utf32_to_utf16be(&src, &mut a);
    ///     assert_eq!(r, rapidutf::utf32_to_utf16be(&src, &mut b));
    ///     let n = r.unwrap_or_else(|e| e.written());
    ///     assert_eq!(a[..n], b[..n], "{k}");
    /// }
    /// ```
    #[inline]
    pub fn utf32_to_utf16be(
        self,
        src: &[u32],
        dst: &mut [u16],
    ) -> Result<usize, TranscodeError<Utf32Error>> {
        glue::transcode_with::<Utf32, Utf16<Be>, _>(self.fns(), src, dst)
    }

    #[cfg(feature = "single-byte")]
    #[cfg_attr(docsrs, doc(cfg(feature = "single-byte")))]
    /// [`crate::latin1_to_utf8`] with this kernel.
    ///
    /// # Errors
    ///
    /// As [`crate::latin1_to_utf8`].
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    ///
    /// ```
    /// let src = *b"caf\xE9 \xA9";
    /// let (mut a, mut b) = ([0; 64], [0; 64]);
    /// for k in rapidutf::Kernel::available() {
    ///     let r = k.latin1_to_utf8(&src, &mut a);
    ///     assert_eq!(r, rapidutf::latin1_to_utf8(&src, &mut b));
    ///     let n = r.unwrap_or_else(|e| e.written());
    ///     assert_eq!(a[..n], b[..n], "{k}");
    /// }
    /// ```
    #[inline]
    pub fn latin1_to_utf8(
        self,
        src: &[u8],
        dst: &mut [u8],
    ) -> Result<usize, TranscodeError<Infallible>> {
        glue::transcode_with::<Latin1, Utf8, _>(self.fns(), src, dst)
    }

    #[cfg(feature = "single-byte")]
    #[cfg_attr(docsrs, doc(cfg(feature = "single-byte")))]
    /// [`crate::latin1_to_utf16`] with this kernel.
    ///
    /// # Errors
    ///
    /// As [`crate::latin1_to_utf16`].
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    ///
    /// ```
    /// let src = *b"caf\xE9 \xA9";
    /// let (mut a, mut b) = ([0; 64], [0; 64]);
    /// for k in rapidutf::Kernel::available() {
    ///     let r = k.latin1_to_utf16(&src, &mut a);
    ///     assert_eq!(r, rapidutf::latin1_to_utf16(&src, &mut b));
    ///     let n = r.unwrap_or_else(|e| e.written());
    ///     assert_eq!(a[..n], b[..n], "{k}");
    /// }
    /// ```
    #[inline]
    pub fn latin1_to_utf16(
        self,
        src: &[u8],
        dst: &mut [u16],
    ) -> Result<usize, TranscodeError<Infallible>> {
        glue::transcode_with::<Latin1, Utf16<Native>, _>(self.fns(), src, dst)
    }

    #[cfg(feature = "single-byte")]
    #[cfg_attr(docsrs, doc(cfg(feature = "single-byte")))]
    /// [`crate::latin1_to_utf16le`] with this kernel.
    ///
    /// # Errors
    ///
    /// As [`crate::latin1_to_utf16le`].
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    ///
    /// ```
    /// let src = *b"caf\xE9 \xA9";
    /// let (mut a, mut b) = ([0; 64], [0; 64]);
    /// for k in rapidutf::Kernel::available() {
    ///     let r = k.latin1_to_utf16le(&src, &mut a);
    ///     assert_eq!(r, rapidutf::latin1_to_utf16le(&src, &mut b));
    ///     let n = r.unwrap_or_else(|e| e.written());
    ///     assert_eq!(a[..n], b[..n], "{k}");
    /// }
    /// ```
    #[inline]
    pub fn latin1_to_utf16le(
        self,
        src: &[u8],
        dst: &mut [u16],
    ) -> Result<usize, TranscodeError<Infallible>> {
        glue::transcode_with::<Latin1, Utf16<Le>, _>(self.fns(), src, dst)
    }

    #[cfg(feature = "single-byte")]
    #[cfg_attr(docsrs, doc(cfg(feature = "single-byte")))]
    /// [`crate::latin1_to_utf16be`] with this kernel.
    ///
    /// # Errors
    ///
    /// As [`crate::latin1_to_utf16be`].
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    ///
    /// ```
    /// let src = *b"caf\xE9 \xA9";
    /// let (mut a, mut b) = ([0; 64], [0; 64]);
    /// for k in rapidutf::Kernel::available() {
    ///     let r = k.latin1_to_utf16be(&src, &mut a);
    ///     assert_eq!(r, rapidutf::latin1_to_utf16be(&src, &mut b));
    ///     let n = r.unwrap_or_else(|e| e.written());
    ///     assert_eq!(a[..n], b[..n], "{k}");
    /// }
    /// ```
    #[inline]
    pub fn latin1_to_utf16be(
        self,
        src: &[u8],
        dst: &mut [u16],
    ) -> Result<usize, TranscodeError<Infallible>> {
        glue::transcode_with::<Latin1, Utf16<Be>, _>(self.fns(), src, dst)
    }

    #[cfg(feature = "single-byte")]
    #[cfg_attr(docsrs, doc(cfg(feature = "single-byte")))]
    /// [`crate::latin1_to_utf32`] with this kernel.
    ///
    /// # Errors
    ///
    /// As [`crate::latin1_to_utf32`].
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    ///
    /// ```
    /// let src = *b"caf\xE9 \xA9";
    /// let (mut a, mut b) = ([0; 64], [0; 64]);
    /// for k in rapidutf::Kernel::available() {
    ///     let r = k.latin1_to_utf32(&src, &mut a);
    ///     assert_eq!(r, rapidutf::latin1_to_utf32(&src, &mut b));
    ///     let n = r.unwrap_or_else(|e| e.written());
    ///     assert_eq!(a[..n], b[..n], "{k}");
    /// }
    /// ```
    #[inline]
    pub fn latin1_to_utf32(
        self,
        src: &[u8],
        dst: &mut [u32],
    ) -> Result<usize, TranscodeError<Infallible>> {
        glue::transcode_with::<Latin1, Utf32, _>(self.fns(), src, dst)
    }

    #[cfg(feature = "single-byte")]
    #[cfg_attr(docsrs, doc(cfg(feature = "single-byte")))]
    /// [`crate::utf8_to_latin1`] with this kernel.
    ///
    /// # Errors
    ///
    /// As [`crate::utf8_to_latin1`].
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    ///
    /// ```
    /// let src = *b"a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80!\xFF";
    /// let (mut a, mut b) = ([0; 64], [0; 64]);
    /// for k in rapidutf::Kernel::available() {
    ///     let r = k.utf8_to_latin1(&src, &mut a);
    ///     assert_eq!(r, rapidutf::utf8_to_latin1(&src, &mut b));
    ///     let n = r.unwrap_or_else(|e| e.written());
    ///     assert_eq!(a[..n], b[..n], "{k}");
    /// }
    /// ```
    #[inline]
    pub fn utf8_to_latin1(
        self,
        src: &[u8],
        dst: &mut [u8],
    ) -> Result<usize, TranscodeError<Latin1Error<Utf8Error>>> {
        glue::transcode_with::<ToLatin1<Utf8>, Latin1, _>(self.fns(), src, dst)
    }

    #[cfg(feature = "single-byte")]
    #[cfg_attr(docsrs, doc(cfg(feature = "single-byte")))]
    /// [`crate::utf16_to_latin1`] with this kernel.
    ///
    /// # Errors
    ///
    /// As [`crate::utf16_to_latin1`].
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    ///
    /// ```
    /// let src = [0x61u16, 0xE9, 0x20AC, 0xD83D, 0xDE00, 0xDC00];
    /// let (mut a, mut b) = ([0; 64], [0; 64]);
    /// for k in rapidutf::Kernel::available() {
    ///     let r = k.utf16_to_latin1(&src, &mut a);
    ///     assert_eq!(r, rapidutf::utf16_to_latin1(&src, &mut b));
    ///     let n = r.unwrap_or_else(|e| e.written());
    ///     assert_eq!(a[..n], b[..n], "{k}");
    /// }
    /// ```
    #[inline]
    pub fn utf16_to_latin1(
        self,
        src: &[u16],
        dst: &mut [u8],
    ) -> Result<usize, TranscodeError<Latin1Error<Utf16Error>>> {
        glue::transcode_with::<ToLatin1<Utf16<Native>>, Latin1, _>(self.fns(), src, dst)
    }

    #[cfg(feature = "single-byte")]
    #[cfg_attr(docsrs, doc(cfg(feature = "single-byte")))]
    /// [`crate::utf16le_to_latin1`] with this kernel.
    ///
    /// # Errors
    ///
    /// As [`crate::utf16le_to_latin1`].
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    ///
    /// ```
    /// let src = [0x61u16, 0xE9, 0x20AC, 0xD83D, 0xDE00, 0xDC00];
    /// let (mut a, mut b) = ([0; 64], [0; 64]);
    /// for k in rapidutf::Kernel::available() {
    ///     let r = k.utf16le_to_latin1(&src, &mut a);
    ///     assert_eq!(r, rapidutf::utf16le_to_latin1(&src, &mut b));
    ///     let n = r.unwrap_or_else(|e| e.written());
    ///     assert_eq!(a[..n], b[..n], "{k}");
    /// }
    /// ```
    #[inline]
    pub fn utf16le_to_latin1(
        self,
        src: &[u16],
        dst: &mut [u8],
    ) -> Result<usize, TranscodeError<Latin1Error<Utf16Error>>> {
        glue::transcode_with::<ToLatin1<Utf16<Le>>, Latin1, _>(self.fns(), src, dst)
    }

    #[cfg(feature = "single-byte")]
    #[cfg_attr(docsrs, doc(cfg(feature = "single-byte")))]
    /// [`crate::utf16be_to_latin1`] with this kernel.
    ///
    /// # Errors
    ///
    /// As [`crate::utf16be_to_latin1`].
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    ///
    /// ```
    /// let src = [0x61u16, 0xE9, 0x20AC, 0xD83D, 0xDE00, 0xDC00];
    /// let (mut a, mut b) = ([0; 64], [0; 64]);
    /// for k in rapidutf::Kernel::available() {
    ///     let r = k.utf16be_to_latin1(&src, &mut a);
    ///     assert_eq!(r, rapidutf::utf16be_to_latin1(&src, &mut b));
    ///     let n = r.unwrap_or_else(|e| e.written());
    ///     assert_eq!(a[..n], b[..n], "{k}");
    /// }
    /// ```
    #[inline]
    pub fn utf16be_to_latin1(
        self,
        src: &[u16],
        dst: &mut [u8],
    ) -> Result<usize, TranscodeError<Latin1Error<Utf16Error>>> {
        glue::transcode_with::<ToLatin1<Utf16<Be>>, Latin1, _>(self.fns(), src, dst)
    }

    #[cfg(feature = "single-byte")]
    #[cfg_attr(docsrs, doc(cfg(feature = "single-byte")))]
    /// [`crate::utf32_to_latin1`] with this kernel.
    ///
    /// # Errors
    ///
    /// As [`crate::utf32_to_latin1`].
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    ///
    /// ```
    /// let src = [0x61u32, 0xE9, 0x20AC, 0x1F600, 0xD800];
    /// let (mut a, mut b) = ([0; 64], [0; 64]);
    /// for k in rapidutf::Kernel::available() {
    ///     let r = k.utf32_to_latin1(&src, &mut a);
    ///     assert_eq!(r, rapidutf::utf32_to_latin1(&src, &mut b));
    ///     let n = r.unwrap_or_else(|e| e.written());
    ///     assert_eq!(a[..n], b[..n], "{k}");
    /// }
    /// ```
    #[inline]
    pub fn utf32_to_latin1(
        self,
        src: &[u32],
        dst: &mut [u8],
    ) -> Result<usize, TranscodeError<Latin1Error<Utf32Error>>> {
        glue::transcode_with::<ToLatin1<Utf32>, Latin1, _>(self.fns(), src, dst)
    }

    #[cfg(feature = "single-byte")]
    #[cfg_attr(docsrs, doc(cfg(feature = "single-byte")))]
    /// [`crate::windows1252_to_utf8`] with this kernel.
    ///
    /// # Errors
    ///
    /// As [`crate::windows1252_to_utf8`].
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    ///
    /// ```
    /// let src = *b"caf\xE9 \x80\x93\x81\xFF";
    /// let (mut a, mut b) = ([0; 64], [0; 64]);
    /// for k in rapidutf::Kernel::available() {
    ///     let r = k.windows1252_to_utf8(&src, &mut a);
    ///     assert_eq!(r, rapidutf::windows1252_to_utf8(&src, &mut b));
    ///     let n = r.unwrap_or_else(|e| e.written());
    ///     assert_eq!(a[..n], b[..n], "{k}");
    /// }
    /// ```
    #[inline]
    pub fn windows1252_to_utf8(
        self,
        src: &[u8],
        dst: &mut [u8],
    ) -> Result<usize, TranscodeError<Infallible>> {
        glue::transcode_with::<Windows1252, Utf8, _>(self.fns(), src, dst)
    }

    #[cfg(feature = "single-byte")]
    #[cfg_attr(docsrs, doc(cfg(feature = "single-byte")))]
    /// [`crate::windows1252_to_utf16`] with this kernel.
    ///
    /// # Errors
    ///
    /// As [`crate::windows1252_to_utf16`].
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    ///
    /// ```
    /// let src = *b"caf\xE9 \x80\x93\x81\xFF";
    /// let (mut a, mut b) = ([0; 64], [0; 64]);
    /// for k in rapidutf::Kernel::available() {
    ///     let r = k.windows1252_to_utf16(&src, &mut a);
    ///     assert_eq!(r, rapidutf::windows1252_to_utf16(&src, &mut b));
    ///     let n = r.unwrap_or_else(|e| e.written());
    ///     assert_eq!(a[..n], b[..n], "{k}");
    /// }
    /// ```
    #[inline]
    pub fn windows1252_to_utf16(
        self,
        src: &[u8],
        dst: &mut [u16],
    ) -> Result<usize, TranscodeError<Infallible>> {
        glue::transcode_with::<Windows1252, Utf16<Native>, _>(self.fns(), src, dst)
    }

    #[cfg(feature = "single-byte")]
    #[cfg_attr(docsrs, doc(cfg(feature = "single-byte")))]
    /// [`crate::windows1252_to_utf16le`] with this kernel.
    ///
    /// # Errors
    ///
    /// As [`crate::windows1252_to_utf16le`].
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    ///
    /// ```
    /// let src = *b"caf\xE9 \x80\x93\x81\xFF";
    /// let (mut a, mut b) = ([0; 64], [0; 64]);
    /// for k in rapidutf::Kernel::available() {
    ///     let r = k.windows1252_to_utf16le(&src, &mut a);
    ///     assert_eq!(r, rapidutf::windows1252_to_utf16le(&src, &mut b));
    ///     let n = r.unwrap_or_else(|e| e.written());
    ///     assert_eq!(a[..n], b[..n], "{k}");
    /// }
    /// ```
    #[inline]
    pub fn windows1252_to_utf16le(
        self,
        src: &[u8],
        dst: &mut [u16],
    ) -> Result<usize, TranscodeError<Infallible>> {
        glue::transcode_with::<Windows1252, Utf16<Le>, _>(self.fns(), src, dst)
    }

    #[cfg(feature = "single-byte")]
    #[cfg_attr(docsrs, doc(cfg(feature = "single-byte")))]
    /// [`crate::windows1252_to_utf16be`] with this kernel.
    ///
    /// # Errors
    ///
    /// As [`crate::windows1252_to_utf16be`].
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    ///
    /// ```
    /// let src = *b"caf\xE9 \x80\x93\x81\xFF";
    /// let (mut a, mut b) = ([0; 64], [0; 64]);
    /// for k in rapidutf::Kernel::available() {
    ///     let r = k.windows1252_to_utf16be(&src, &mut a);
    ///     assert_eq!(r, rapidutf::windows1252_to_utf16be(&src, &mut b));
    ///     let n = r.unwrap_or_else(|e| e.written());
    ///     assert_eq!(a[..n], b[..n], "{k}");
    /// }
    /// ```
    #[inline]
    pub fn windows1252_to_utf16be(
        self,
        src: &[u8],
        dst: &mut [u16],
    ) -> Result<usize, TranscodeError<Infallible>> {
        glue::transcode_with::<Windows1252, Utf16<Be>, _>(self.fns(), src, dst)
    }

    #[cfg(feature = "single-byte")]
    #[cfg_attr(docsrs, doc(cfg(feature = "single-byte")))]
    /// [`crate::windows1252_to_utf32`] with this kernel.
    ///
    /// # Errors
    ///
    /// As [`crate::windows1252_to_utf32`].
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    ///
    /// ```
    /// let src = *b"caf\xE9 \x80\x93\x81\xFF";
    /// let (mut a, mut b) = ([0; 64], [0; 64]);
    /// for k in rapidutf::Kernel::available() {
    ///     let r = k.windows1252_to_utf32(&src, &mut a);
    ///     assert_eq!(r, rapidutf::windows1252_to_utf32(&src, &mut b));
    ///     let n = r.unwrap_or_else(|e| e.written());
    ///     assert_eq!(a[..n], b[..n], "{k}");
    /// }
    /// ```
    #[inline]
    pub fn windows1252_to_utf32(
        self,
        src: &[u8],
        dst: &mut [u32],
    ) -> Result<usize, TranscodeError<Infallible>> {
        glue::transcode_with::<Windows1252, Utf32, _>(self.fns(), src, dst)
    }

    #[cfg(feature = "transcode")]
    #[cfg_attr(docsrs, doc(cfg(feature = "transcode")))]
    /// [`crate::str_to_utf16`] with this kernel.
    ///
    /// # Errors
    ///
    /// As [`crate::str_to_utf16`].
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    ///
    /// ```
    /// let src = "aé€😀!";
    /// let (mut a, mut b) = ([0; 64], [0; 64]);
    /// for k in rapidutf::Kernel::available() {
    ///     let r = k.str_to_utf16(&src, &mut a);
    ///     assert_eq!(r, rapidutf::str_to_utf16(&src, &mut b));
    ///     let n = r.unwrap_or_else(|e| e.written());
    ///     assert_eq!(a[..n], b[..n], "{k}");
    /// }
    /// ```
    #[inline]
    pub fn str_to_utf16(
        self,
        src: &str,
        dst: &mut [u16],
    ) -> Result<usize, TranscodeError<Infallible>> {
        glue::valid_with::<Str, Utf16<Native>, _>(self.fns(), src, dst)
    }

    #[cfg(feature = "transcode")]
    #[cfg_attr(docsrs, doc(cfg(feature = "transcode")))]
    /// [`crate::str_to_utf16le`] with this kernel.
    ///
    /// # Errors
    ///
    /// As [`crate::str_to_utf16le`].
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    ///
    /// ```
    /// let src = "aé€😀!";
    /// let (mut a, mut b) = ([0; 64], [0; 64]);
    /// for k in rapidutf::Kernel::available() {
    ///     let r = k.str_to_utf16le(&src, &mut a);
    ///     assert_eq!(r, rapidutf::str_to_utf16le(&src, &mut b));
    ///     let n = r.unwrap_or_else(|e| e.written());
    ///     assert_eq!(a[..n], b[..n], "{k}");
    /// }
    /// ```
    #[inline]
    pub fn str_to_utf16le(
        self,
        src: &str,
        dst: &mut [u16],
    ) -> Result<usize, TranscodeError<Infallible>> {
        glue::valid_with::<Str, Utf16<Le>, _>(self.fns(), src, dst)
    }

    #[cfg(feature = "transcode")]
    #[cfg_attr(docsrs, doc(cfg(feature = "transcode")))]
    /// [`crate::str_to_utf16be`] with this kernel.
    ///
    /// # Errors
    ///
    /// As [`crate::str_to_utf16be`].
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    ///
    /// ```
    /// let src = "aé€😀!";
    /// let (mut a, mut b) = ([0; 64], [0; 64]);
    /// for k in rapidutf::Kernel::available() {
    ///     let r = k.str_to_utf16be(&src, &mut a);
    ///     assert_eq!(r, rapidutf::str_to_utf16be(&src, &mut b));
    ///     let n = r.unwrap_or_else(|e| e.written());
    ///     assert_eq!(a[..n], b[..n], "{k}");
    /// }
    /// ```
    #[inline]
    pub fn str_to_utf16be(
        self,
        src: &str,
        dst: &mut [u16],
    ) -> Result<usize, TranscodeError<Infallible>> {
        glue::valid_with::<Str, Utf16<Be>, _>(self.fns(), src, dst)
    }

    #[cfg(feature = "transcode")]
    #[cfg_attr(docsrs, doc(cfg(feature = "transcode")))]
    /// [`crate::str_to_utf32`] with this kernel.
    ///
    /// # Errors
    ///
    /// As [`crate::str_to_utf32`].
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    ///
    /// ```
    /// let src = "aé€😀!";
    /// let (mut a, mut b) = ([0; 64], [0; 64]);
    /// for k in rapidutf::Kernel::available() {
    ///     let r = k.str_to_utf32(&src, &mut a);
    ///     assert_eq!(r, rapidutf::str_to_utf32(&src, &mut b));
    ///     let n = r.unwrap_or_else(|e| e.written());
    ///     assert_eq!(a[..n], b[..n], "{k}");
    /// }
    /// ```
    #[inline]
    pub fn str_to_utf32(
        self,
        src: &str,
        dst: &mut [u32],
    ) -> Result<usize, TranscodeError<Infallible>> {
        glue::valid_with::<Str, Utf32, _>(self.fns(), src, dst)
    }

    #[cfg(feature = "transcode")]
    #[cfg_attr(docsrs, doc(cfg(feature = "transcode")))]
    /// [`crate::chars_to_utf8`] with this kernel.
    ///
    /// # Errors
    ///
    /// As [`crate::chars_to_utf8`].
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    ///
    /// ```
    /// let src = ['a', 'é', '€', '😀'];
    /// let (mut a, mut b) = ([0; 64], [0; 64]);
    /// for k in rapidutf::Kernel::available() {
    ///     let r = k.chars_to_utf8(&src, &mut a);
    ///     assert_eq!(r, rapidutf::chars_to_utf8(&src, &mut b));
    ///     let n = r.unwrap_or_else(|e| e.written());
    ///     assert_eq!(a[..n], b[..n], "{k}");
    /// }
    /// ```
    #[inline]
    pub fn chars_to_utf8(
        self,
        src: &[char],
        dst: &mut [u8],
    ) -> Result<usize, TranscodeError<Infallible>> {
        glue::valid_with::<Chars, Utf8, _>(self.fns(), src, dst)
    }

    #[cfg(feature = "transcode")]
    #[cfg_attr(docsrs, doc(cfg(feature = "transcode")))]
    /// [`crate::chars_to_utf16`] with this kernel.
    ///
    /// # Errors
    ///
    /// As [`crate::chars_to_utf16`].
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    ///
    /// ```
    /// let src = ['a', 'é', '€', '😀'];
    /// let (mut a, mut b) = ([0; 64], [0; 64]);
    /// for k in rapidutf::Kernel::available() {
    ///     let r = k.chars_to_utf16(&src, &mut a);
    ///     assert_eq!(r, rapidutf::chars_to_utf16(&src, &mut b));
    ///     let n = r.unwrap_or_else(|e| e.written());
    ///     assert_eq!(a[..n], b[..n], "{k}");
    /// }
    /// ```
    #[inline]
    pub fn chars_to_utf16(
        self,
        src: &[char],
        dst: &mut [u16],
    ) -> Result<usize, TranscodeError<Infallible>> {
        glue::valid_with::<Chars, Utf16<Native>, _>(self.fns(), src, dst)
    }

    #[cfg(feature = "transcode")]
    #[cfg_attr(docsrs, doc(cfg(feature = "transcode")))]
    /// [`crate::chars_to_utf16le`] with this kernel.
    ///
    /// # Errors
    ///
    /// As [`crate::chars_to_utf16le`].
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    ///
    /// ```
    /// let src = ['a', 'é', '€', '😀'];
    /// let (mut a, mut b) = ([0; 64], [0; 64]);
    /// for k in rapidutf::Kernel::available() {
    ///     let r = k.chars_to_utf16le(&src, &mut a);
    ///     assert_eq!(r, rapidutf::chars_to_utf16le(&src, &mut b));
    ///     let n = r.unwrap_or_else(|e| e.written());
    ///     assert_eq!(a[..n], b[..n], "{k}");
    /// }
    /// ```
    #[inline]
    pub fn chars_to_utf16le(
        self,
        src: &[char],
        dst: &mut [u16],
    ) -> Result<usize, TranscodeError<Infallible>> {
        glue::valid_with::<Chars, Utf16<Le>, _>(self.fns(), src, dst)
    }

    #[cfg(feature = "transcode")]
    #[cfg_attr(docsrs, doc(cfg(feature = "transcode")))]
    /// [`crate::chars_to_utf16be`] with this kernel.
    ///
    /// # Errors
    ///
    /// As [`crate::chars_to_utf16be`].
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    ///
    /// ```
    /// let src = ['a', 'é', '€', '😀'];
    /// let (mut a, mut b) = ([0; 64], [0; 64]);
    /// for k in rapidutf::Kernel::available() {
    ///     let r = k.chars_to_utf16be(&src, &mut a);
    ///     assert_eq!(r, rapidutf::chars_to_utf16be(&src, &mut b));
    ///     let n = r.unwrap_or_else(|e| e.written());
    ///     assert_eq!(a[..n], b[..n], "{k}");
    /// }
    /// ```
    #[inline]
    pub fn chars_to_utf16be(
        self,
        src: &[char],
        dst: &mut [u16],
    ) -> Result<usize, TranscodeError<Infallible>> {
        glue::valid_with::<Chars, Utf16<Be>, _>(self.fns(), src, dst)
    }

    #[cfg(feature = "single-byte")]
    #[cfg_attr(docsrs, doc(cfg(feature = "single-byte")))]
    /// [`crate::utf8_len_from_latin1`] with this kernel, whatever the input's length.
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    #[must_use]
    #[inline]
    pub fn utf8_len_from_latin1(self, src: &[u8]) -> usize {
        self.fns().utf8_len_from_latin1(src)
    }

    /// [`crate::validate_utf16`] with this kernel.
    ///
    /// # Errors
    ///
    /// As [`crate::validate_utf16`].
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    #[inline]
    pub fn validate_utf16(self, src: &[u16]) -> Result<(), Utf16Error> {
        glue::validate_utf16_with::<Native>(self.fns(), src)
    }

    /// [`crate::validate_utf16le`] with this kernel.
    ///
    /// # Errors
    ///
    /// As [`crate::validate_utf16`].
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    #[inline]
    pub fn validate_utf16le(self, src: &[u16]) -> Result<(), Utf16Error> {
        glue::validate_utf16_with::<Le>(self.fns(), src)
    }

    /// [`crate::validate_utf16be`] with this kernel.
    ///
    /// # Errors
    ///
    /// As [`crate::validate_utf16`].
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    #[inline]
    pub fn validate_utf16be(self, src: &[u16]) -> Result<(), Utf16Error> {
        glue::validate_utf16_with::<Be>(self.fns(), src)
    }

    /// [`crate::validate_utf32`] with this kernel.
    ///
    /// # Errors
    ///
    /// As [`crate::validate_utf32`].
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    #[inline]
    pub fn validate_utf32(self, src: &[u32]) -> Result<(), Utf32Error> {
        glue::validate_utf32_with(self.fns(), src)
    }
}

#[cfg(feature = "std")]
fn resolve() -> Kernel {
    let best = Kernel::best();
    let Some(name) = std::env::var_os("RAPIDUTF_KERNEL") else {
        return best;
    };
    // An unknown or unavailable name is ignored: a library does not print
    // (stderr may be a closed pipe), and `Kernel::active` shows the choice.
    match name.to_str().map(str::parse::<Kernel>) {
        Some(Ok(k)) if k.is_available() => k,
        _ => best,
    }
}

#[cfg(not(feature = "std"))]
fn resolve() -> Kernel {
    Kernel::best()
}

impl fmt::Display for Kernel {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of parsing a [`Kernel`] name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownKernel;

impl fmt::Display for UnknownKernel {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            "unknown kernel name (expected scalar, portable, sse42, avx2, avx512, neon or simd128)",
        )
    }
}

impl core::error::Error for UnknownKernel {}

impl FromStr for Kernel {
    type Err = UnknownKernel;
    #[inline]
    fn from_str(s: &str) -> Result<Kernel, UnknownKernel> {
        Kernel::ALL
            .iter()
            .copied()
            .find(|k| k.name().eq_ignore_ascii_case(s.trim()))
            .ok_or(UnknownKernel)
    }
}
