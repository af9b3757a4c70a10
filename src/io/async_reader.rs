//! [`AsyncUtf8Reader`]: tokio's `AsyncRead` + `AsyncBufRead`, passing on
//! only valid UTF-8.

use super::text_reader::{Decode, DEFAULT_CAPACITY};
use super::utf8_reader::Utf8Decode;
use crate::error::Utf8Error;
use crate::strategy::ErrorStrategy;
use core::pin::Pin;
use core::task::{ready, Context, Poll};
use std::io;
use std::string::String;
use std::vec::Vec;
use tokio::io::{AsyncBufRead, AsyncRead, ReadBuf};

/// The asynchronous [`Utf8Reader`](super::Utf8Reader): an [`AsyncRead`]
/// and [`AsyncBufRead`] over any `AsyncRead` (a socket, a child's pipe)
/// that passes on only valid UTF-8, strict or lossy, with the same
/// errors (an [`InvalidData`](io::ErrorKind::InvalidData) error whose
/// `get_ref()` is the crate's [`Utf8Error`], positioned in the whole
/// stream, after the valid text before it).
///
/// The inner reader must be `Unpin` (wrap it in `Box::pin` otherwise).
/// For lines, `tokio_util::codec::FramedRead` with
/// [`Utf8LinesCodec`](super::Utf8LinesCodec) validates each byte once;
/// tokio's `AsyncBufReadExt::read_line` and `lines` would validate the
/// text again.
///
/// ```
/// use std::pin::Pin;
/// use std::task::{Context, Waker};
/// use tokio::io::{AsyncRead, ReadBuf};
/// use rapidutf::io::AsyncUtf8Reader;
///
/// // Polled by hand here; in a program, `.read(..).await` and friends.
/// let mut r = AsyncUtf8Reader::new(&b"caf\xC3\xA9 \xFF"[..]);
/// let mut cx = Context::from_waker(Waker::noop());
/// let mut buf = [0u8; 16];
/// let mut out = ReadBuf::new(&mut buf);
/// assert!(Pin::new(&mut r).poll_read(&mut cx, &mut out).is_ready());
/// assert_eq!(out.filled(), "café ".as_bytes());
/// // Then the error, at its position in the stream.
/// let e = match Pin::new(&mut r).poll_read(&mut cx, &mut out) {
///     std::task::Poll::Ready(r) => r.unwrap_err(),
///     std::task::Poll::Pending => unreachable!(),
/// };
/// let e = e.get_ref().and_then(|e| e.downcast_ref::<rapidutf::Utf8Error>()).unwrap();
/// assert_eq!(e.valid_up_to(), 6);
/// ```
#[derive(Debug)]
pub struct AsyncUtf8Reader<R> {
    inner: R,
    decoder: Utf8Decode,
    raw: Vec<u8>,
    text: String,
    pos: usize,
    done: bool,
    error: Option<Utf8Error>,
}

impl<R: AsyncRead + Unpin> AsyncUtf8Reader<R> {
    /// A strict reader.
    ///
    /// ```
    /// let r = rapidutf::io::AsyncUtf8Reader::new(&b"ok"[..]);
    /// assert_eq!(r.substitutions(), 0);
    /// ```
    pub fn new(inner: R) -> Self {
        Self::build(inner, None, DEFAULT_CAPACITY)
    }

    /// A lossy reader: each maximal invalid subpart handled by `strategy`.
    ///
    /// ```
    /// use std::pin::Pin;
    /// use std::task::{Context, Waker};
    /// use tokio::io::{AsyncRead, ReadBuf};
    /// use rapidutf::{io::AsyncUtf8Reader, ErrorStrategy};
    /// let mut r = AsyncUtf8Reader::lossy(&b"a\xFF"[..], ErrorStrategy::Replace);
    /// let mut buf = [0u8; 8];
    /// let mut out = ReadBuf::new(&mut buf);
    /// let _ = Pin::new(&mut r).poll_read(&mut Context::from_waker(Waker::noop()), &mut out);
    /// assert_eq!(out.filled(), "a\u{FFFD}".as_bytes());
    /// ```
    pub fn lossy(inner: R, strategy: ErrorStrategy) -> Self {
        Self::build(inner, Some(strategy), DEFAULT_CAPACITY)
    }

    /// A reader (strict, or lossy with `strategy`) whose raw buffer holds
    /// `capacity` bytes (at least 4; the default is 8 KiB).
    ///
    /// ```
    /// let r = rapidutf::io::AsyncUtf8Reader::with_capacity(65536, &b""[..], None);
    /// assert_eq!(r.capacity(), 65536);
    /// ```
    pub fn with_capacity(capacity: usize, inner: R, strategy: Option<ErrorStrategy>) -> Self {
        Self::build(inner, strategy, capacity)
    }

    fn build(inner: R, strategy: Option<ErrorStrategy>, capacity: usize) -> Self {
        AsyncUtf8Reader {
            inner,
            decoder: Utf8Decode::new(strategy),
            raw: std::vec![0; capacity.max(4)],
            text: String::new(),
            pos: 0,
            done: false,
            error: None,
        }
    }

    /// The size of the raw buffer.
    ///
    /// ```
    /// assert_eq!(rapidutf::io::AsyncUtf8Reader::new(&b""[..]).capacity(), 8192);
    /// ```
    #[must_use]
    pub fn capacity(&self) -> usize {
        self.raw.len()
    }

    /// The number of maximal invalid subparts a lossy reader has handled.
    ///
    /// ```
    /// assert_eq!(rapidutf::io::AsyncUtf8Reader::new(&b""[..]).substitutions(), 0);
    /// ```
    #[must_use]
    pub fn substitutions(&self) -> u64 {
        self.decoder.substitutions()
    }

    /// The inner reader.
    ///
    /// ```
    /// let r = rapidutf::io::AsyncUtf8Reader::new(&b"x"[..]);
    /// assert_eq!(*r.get_ref(), b"x");
    /// ```
    pub fn get_ref(&self) -> &R {
        &self.inner
    }

    /// The inner reader; text decoded but not yet read is lost.
    ///
    /// ```
    /// let r = rapidutf::io::AsyncUtf8Reader::new(&b"x"[..]);
    /// assert_eq!(r.into_inner(), b"x");
    /// ```
    pub fn into_inner(self) -> R {
        self.inner
    }
}

impl<R: AsyncRead + Unpin> AsyncBufRead for AsyncUtf8Reader<R> {
    fn poll_fill_buf(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<&[u8]>> {
        let this = self.get_mut();
        while this.pos == this.text.len() {
            if let Some(e) = this.error {
                return Poll::Ready(Err(super::invalid_data(e)));
            }
            if this.done {
                break;
            }
            let mut buf = ReadBuf::new(&mut this.raw);
            ready!(Pin::new(&mut this.inner).poll_read(cx, &mut buf))?;
            let n = buf.filled().len();
            this.done = n == 0;
            this.text.clear();
            this.pos = 0;
            if let Err(e) = this.decoder.decode(&this.raw[..n], &mut this.text, this.done) {
                this.error = Some(e);
            }
        }
        Poll::Ready(Ok(&this.text.as_bytes()[this.pos..]))
    }

    fn consume(self: Pin<&mut Self>, amt: usize) {
        let this = self.get_mut();
        this.pos = (this.pos + amt).min(this.text.len());
    }
}

impl<R: AsyncRead + Unpin> AsyncRead for AsyncUtf8Reader<R> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let avail = ready!(self.as_mut().poll_fill_buf(cx))?;
        let n = avail.len().min(buf.remaining());
        buf.put_slice(&avail[..n]);
        self.consume(n);
        Poll::Ready(Ok(()))
    }
}
