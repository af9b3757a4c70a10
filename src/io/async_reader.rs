//! [`AsyncUtf8Reader`]: tokio's `AsyncRead` + `AsyncBufRead`, passing on
//! only valid UTF-8.

use super::text_reader::{append_line, undo_on_invalid, Decode, DEFAULT_CAPACITY};
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
/// For lines, use this type's own [`read_line`](Self::read_line) and
/// [`lines`](Self::lines), which append the text already validated as a
/// `&str` (tokio's `AsyncBufReadExt::read_line` and `lines` would
/// validate it again), or `tokio_util::codec::FramedRead` with
/// [`Utf8LinesCodec`](super::Utf8LinesCodec), whose lines share the read
/// buffer's memory.
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
    #[inline]
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
    #[inline]
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
    #[inline]
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
    #[inline]
    pub fn capacity(&self) -> usize {
        self.raw.len()
    }

    /// The number of maximal invalid subparts a lossy reader has handled.
    ///
    /// ```
    /// assert_eq!(rapidutf::io::AsyncUtf8Reader::new(&b""[..]).substitutions(), 0);
    /// ```
    #[must_use]
    #[inline]
    pub fn substitutions(&self) -> u64 {
        self.decoder.substitutions()
    }

    /// The inner reader.
    ///
    /// ```
    /// let r = rapidutf::io::AsyncUtf8Reader::new(&b"x"[..]);
    /// assert_eq!(*r.get_ref(), b"x");
    /// ```
    #[inline]
    pub fn get_ref(&self) -> &R {
        &self.inner
    }

    /// The inner reader; text decoded but not yet read is lost.
    ///
    /// ```
    /// let r = rapidutf::io::AsyncUtf8Reader::new(&b"x"[..]);
    /// assert_eq!(r.into_inner(), b"x");
    /// ```
    #[inline]
    pub fn into_inner(self) -> R {
        self.inner
    }

    /// Reads text up to and including the next `\n` (or to the end of the
    /// stream) and appends it to `buf`: the number of bytes appended, 0 at
    /// the end. As `AsyncBufReadExt::read_line`, without validating the
    /// text again (it is appended as a `&str` from the reader's own
    /// `String`).
    ///
    /// # Errors
    ///
    /// An error of the inner reader, or for a strict reader the
    /// [`InvalidData`](io::ErrorKind::InvalidData) error of the first
    /// invalid sequence (its [`Utf8Error`] positioned in the whole
    /// stream), after which `buf` is as it was before the call (as with
    /// std's `read_line`); also `InvalidData` if an earlier byte-wise read
    /// or `consume` stopped inside a character.
    ///
    /// # Cancel safety
    ///
    /// As tokio's `read_line`: if the future is dropped before it
    /// completes, the text it had consumed so far is in `buf`.
    ///
    /// ```
    /// # tokio_test_block_on(async {
    /// use rapidutf::io::AsyncUtf8Reader;
    /// let mut r = AsyncUtf8Reader::new(&b"caf\xC3\xA9\r\nnext"[..]);
    /// let mut line = String::new();
    /// assert_eq!(r.read_line(&mut line).await?, 7);
    /// assert_eq!(line, "café\r\n");
    /// assert_eq!(r.read_line(&mut line).await?, 4);
    /// assert_eq!(r.read_line(&mut line).await?, 0);
    /// assert_eq!(line, "café\r\nnext");
    /// # Ok::<(), std::io::Error>(())
    /// # }).unwrap();
    /// # fn tokio_test_block_on<F: std::future::Future>(f: F) -> F::Output {
    /// #     let mut f = std::pin::pin!(f);
    /// #     let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
    /// #     loop {
    /// #         if let std::task::Poll::Ready(r) = f.as_mut().poll(&mut cx) { return r; }
    /// #     }
    /// # }
    /// ```
    #[inline]
    pub async fn read_line(&mut self, buf: &mut String) -> io::Result<usize> {
        let mut appended = 0;
        core::future::poll_fn(|cx| self.poll_append_line(cx, buf, &mut appended)).await
    }

    /// The lines of the text, as tokio's `AsyncBufReadExt::lines`: each
    /// without its `\n` or `\r\n`, the last one also without a newline.
    ///
    /// ```
    /// # tokio_test_block_on(async {
    /// use rapidutf::{io::AsyncUtf8Reader, ErrorStrategy};
    /// let r = AsyncUtf8Reader::lossy(&b"one\n\xFFtwo\r\nthree"[..], ErrorStrategy::Replace);
    /// let mut lines = r.lines();
    /// let mut got = Vec::new();
    /// while let Some(line) = lines.next_line().await? {
    ///     got.push(line);
    /// }
    /// assert_eq!(got, ["one", "\u{FFFD}two", "three"]);
    /// # Ok::<(), std::io::Error>(())
    /// # }).unwrap();
    /// # fn tokio_test_block_on<F: std::future::Future>(f: F) -> F::Output {
    /// #     let mut f = std::pin::pin!(f);
    /// #     let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
    /// #     loop {
    /// #         if let std::task::Poll::Ready(r) = f.as_mut().poll(&mut cx) { return r; }
    /// #     }
    /// # }
    /// ```
    #[inline]
    pub fn lines(self) -> AsyncUtf8Lines<R> {
        AsyncUtf8Lines { reader: self, line: String::new() }
    }

    /// Appends the text up to and including the next `\n` to `buf`,
    /// adding to `appended` what it appends, so that a `Pending` loses
    /// nothing: `Ready(Ok(appended))` at a newline or at the end.
    fn poll_append_line(
        &mut self,
        cx: &mut Context<'_>,
        buf: &mut String,
        appended: &mut usize,
    ) -> Poll<io::Result<usize>> {
        loop {
            let avail = match ready!(Pin::new(&mut *self).poll_fill_buf(cx)) {
                Ok(avail) => avail.len(),
                Err(e) => {
                    let start = buf.len() - *appended;
                    return Poll::Ready(Err(undo_on_invalid(self.error.is_some(), buf, start, e)));
                }
            };
            if avail == 0 {
                return Poll::Ready(Ok(*appended));
            }
            let (n, found) = append_line(&self.text, &mut self.pos, buf)?;
            *appended += n;
            if found {
                return Poll::Ready(Ok(*appended));
            }
        }
    }
}

/// The lines of an [`AsyncUtf8Reader`], from [`AsyncUtf8Reader::lines`]:
/// tokio's `Lines` for text that is validated once.
#[derive(Debug)]
pub struct AsyncUtf8Lines<R> {
    reader: AsyncUtf8Reader<R>,
    /// The part of a line read before a `Pending`.
    line: String,
}

impl<R: AsyncRead + Unpin> AsyncUtf8Lines<R> {
    /// The next line, without its `\n` or `\r\n`; `None` at the end.
    ///
    /// # Errors
    ///
    /// As [`AsyncUtf8Reader::read_line`]; the text of the line before a
    /// strict reader's error is dropped with it.
    ///
    /// # Cancel safety
    ///
    /// Cancel safe: a line read in part is kept for the next call.
    ///
    /// ```
    /// # tokio_test_block_on(async {
    /// use rapidutf::io::AsyncUtf8Reader;
    /// let mut lines = AsyncUtf8Reader::new(&b"a\nb\xFF"[..]).lines();
    /// assert_eq!(lines.next_line().await?.as_deref(), Some("a"));
    /// let e = lines.next_line().await.unwrap_err();
    /// assert_eq!(e.kind(), std::io::ErrorKind::InvalidData);
    /// # Ok::<(), std::io::Error>(())
    /// # }).unwrap();
    /// # fn tokio_test_block_on<F: std::future::Future>(f: F) -> F::Output {
    /// #     let mut f = std::pin::pin!(f);
    /// #     let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
    /// #     loop {
    /// #         if let std::task::Poll::Ready(r) = f.as_mut().poll(&mut cx) { return r; }
    /// #     }
    /// # }
    /// ```
    #[inline]
    pub async fn next_line(&mut self) -> io::Result<Option<String>> {
        core::future::poll_fn(|cx| self.poll_next_line(cx)).await
    }

    /// The polling form of [`next_line`](Self::next_line), for a `Stream`
    /// or a hand-written future.
    ///
    /// # Errors
    ///
    /// As [`next_line`](Self::next_line).
    ///
    /// ```
    /// use std::task::{Context, Poll, Waker};
    /// use rapidutf::io::AsyncUtf8Reader;
    /// let mut lines = AsyncUtf8Reader::new(&b"x\r\n"[..]).lines();
    /// let mut cx = Context::from_waker(Waker::noop());
    /// assert!(matches!(lines.poll_next_line(&mut cx), Poll::Ready(Ok(Some(l))) if l == "x"));
    /// assert!(matches!(lines.poll_next_line(&mut cx), Poll::Ready(Ok(None))));
    /// ```
    #[inline]
    pub fn poll_next_line(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<Option<String>>> {
        let mut appended = 0;
        let result = ready!(self.reader.poll_append_line(cx, &mut self.line, &mut appended));
        let mut line = core::mem::take(&mut self.line);
        result?;
        if line.is_empty() {
            return Poll::Ready(Ok(None));
        }
        if line.ends_with('\n') {
            line.pop();
            if line.ends_with('\r') {
                line.pop();
            }
        }
        Poll::Ready(Ok(Some(line)))
    }

    /// The reader.
    ///
    /// ```
    /// let lines = rapidutf::io::AsyncUtf8Reader::new(&b"x"[..]).lines();
    /// assert_eq!(*lines.get_ref().get_ref(), b"x");
    /// ```
    #[inline]
    pub fn get_ref(&self) -> &AsyncUtf8Reader<R> {
        &self.reader
    }

    /// The reader; a line read in part is lost.
    ///
    /// ```
    /// let lines = rapidutf::io::AsyncUtf8Reader::new(&b"x"[..]).lines();
    /// assert_eq!(lines.into_inner().into_inner(), b"x");
    /// ```
    #[inline]
    pub fn into_inner(self) -> AsyncUtf8Reader<R> {
        self.reader
    }
}

impl<R: AsyncRead + Unpin> AsyncBufRead for AsyncUtf8Reader<R> {
    #[inline]
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

    #[inline]
    fn consume(self: Pin<&mut Self>, amt: usize) {
        let this = self.get_mut();
        this.pos = (this.pos + amt).min(this.text.len());
    }
}

impl<R: AsyncRead + Unpin> AsyncRead for AsyncUtf8Reader<R> {
    #[inline]
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
