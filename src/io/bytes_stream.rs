//! [`Utf8Stream`]: a stream of `Bytes` chunks as a stream of text.

use super::utf8_bytes::{Chunker, Utf8Bytes};
use crate::error::Utf8Error;
use crate::strategy::ErrorStrategy;
use bytes::Bytes;
use core::fmt;
use core::pin::Pin;
use core::task::{ready, Context, Poll};
use futures_core::Stream;
use std::collections::VecDeque;

/// The error of a [`Utf8Stream`].
///
/// ```
/// use rapidutf::io::Utf8StreamError;
/// let e: Utf8StreamError<std::io::Error> = Utf8StreamError::Source(std::io::Error::other("reset"));
/// assert_eq!(e.to_string(), "reset");
/// ```
#[derive(Debug)]
pub enum Utf8StreamError<E> {
    /// The inner stream's error.
    Source(E),
    /// Invalid UTF-8 (strict streams), positioned in the whole stream;
    /// the stream ends after it.
    InvalidUtf8(Utf8Error),
}

impl<E: fmt::Display> fmt::Display for Utf8StreamError<E> {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Utf8StreamError::Source(e) => e.fmt(f),
            Utf8StreamError::InvalidUtf8(e) => e.fmt(f),
        }
    }
}

impl<E: std::error::Error + 'static> std::error::Error for Utf8StreamError<E> {
    #[inline]
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Utf8StreamError::Source(e) => Some(e),
            Utf8StreamError::InvalidUtf8(e) => Some(e),
        }
    }
}

/// A [`Stream`] of `Result<Bytes, E>` chunks (an HTTP body, a websocket,
/// a file read in pieces) as a stream of text: [`Utf8Bytes`] that share
/// each chunk's memory where its bytes are valid and end on a character
/// boundary; a character split between chunks is put together (copied,
/// at most 4 bytes) and handed out on its own. The concatenated items are
/// the whole stream's text, however it was chunked; an item is never
/// empty.
///
/// Strict ([`Utf8Stream::new`]): the text before the first invalid
/// sequence, then [`Utf8StreamError::InvalidUtf8`] positioned in the
/// whole stream, then the end. Lossy ([`Utf8Stream::lossy`]): each maximal
/// invalid subpart as the [`ErrorStrategy`] says. For `String`s, map the
/// items with `String::from`. The inner stream must be `Unpin` (wrap it
/// in `Box::pin` otherwise).
///
/// ```
/// use std::pin::Pin;
/// use std::task::{Context, Poll};
/// use bytes::Bytes;
/// use futures_core::Stream;
/// use rapidutf::io::Utf8Stream;
///
/// /// Chunks from a vector, as a network body would bring them.
/// struct Body(Vec<Bytes>);
/// impl Stream for Body {
///     type Item = Result<Bytes, std::io::Error>;
///     fn poll_next(mut self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Option<Self::Item>> {
///         Poll::Ready((!self.0.is_empty()).then(|| Ok(self.0.remove(0))))
///     }
/// }
///
/// let body = Body(vec![Bytes::from_static(b"data: caf\xC3"), Bytes::from_static(b"\xA9\n")]);
/// let mut text = Utf8Stream::new(body);
/// let mut cx = Context::from_waker(std::task::Waker::noop());
/// let mut got = Vec::new();
/// while let Poll::Ready(Some(item)) = Pin::new(&mut text).poll_next(&mut cx) {
///     got.push(item.unwrap());
/// }
/// assert_eq!(got, ["data: caf", "é", "\n"]);
/// ```
#[derive(Debug)]
pub struct Utf8Stream<S> {
    inner: S,
    chunker: Chunker,
    ready: VecDeque<Utf8Bytes>,
    error: Option<Utf8Error>,
    done: bool,
}

impl<S> Utf8Stream<S> {
    /// A strict stream.
    ///
    /// ```
    /// # use std::{pin::Pin, task::{Context, Poll}};
    /// # struct Empty;
    /// # impl futures_core::Stream for Empty {
    /// #     type Item = Result<bytes::Bytes, std::io::Error>;
    /// #     fn poll_next(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Option<Self::Item>> { Poll::Ready(None) }
    /// # }
    /// let s = rapidutf::io::Utf8Stream::new(Empty); // an HTTP body, ...
    /// assert_eq!(s.substitutions(), 0);
    /// ```
    #[inline]
    pub fn new(inner: S) -> Self {
        Self::build(inner, None)
    }

    /// A lossy stream: each maximal invalid subpart handled by `strategy`.
    ///
    /// ```
    /// # use std::{pin::Pin, task::{Context, Poll}};
    /// # struct Empty;
    /// # impl futures_core::Stream for Empty {
    /// #     type Item = Result<bytes::Bytes, std::io::Error>;
    /// #     fn poll_next(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Option<Self::Item>> { Poll::Ready(None) }
    /// # }
    /// use rapidutf::{io::Utf8Stream, ErrorStrategy};
    /// let s = Utf8Stream::lossy(Empty, ErrorStrategy::Replace);
    /// assert_eq!(s.substitutions(), 0);
    /// ```
    #[inline]
    pub fn lossy(inner: S, strategy: ErrorStrategy) -> Self {
        Self::build(inner, Some(strategy))
    }

    fn build(inner: S, strategy: Option<ErrorStrategy>) -> Self {
        Utf8Stream {
            inner,
            chunker: Chunker::new(strategy),
            ready: VecDeque::new(),
            error: None,
            done: false,
        }
    }

    /// The number of maximal invalid subparts a lossy stream has handled.
    ///
    /// ```
    /// # use std::{pin::Pin, task::{Context, Poll}};
    /// # struct Empty;
    /// # impl futures_core::Stream for Empty {
    /// #     type Item = Result<bytes::Bytes, std::io::Error>;
    /// #     fn poll_next(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Option<Self::Item>> { Poll::Ready(None) }
    /// # }
    /// let s = rapidutf::io::Utf8Stream::lossy(Empty, rapidutf::ErrorStrategy::Ignore);
    /// assert_eq!(s.substitutions(), 0);
    /// ```
    #[must_use]
    #[inline]
    pub fn substitutions(&self) -> u64 {
        self.chunker.substitutions()
    }

    /// The inner stream; text decoded but not yet taken is lost.
    ///
    /// ```
    /// # use std::{pin::Pin, task::{Context, Poll}};
    /// # struct Empty;
    /// # impl futures_core::Stream for Empty {
    /// #     type Item = Result<bytes::Bytes, std::io::Error>;
    /// #     fn poll_next(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Option<Self::Item>> { Poll::Ready(None) }
    /// # }
    /// let s = rapidutf::io::Utf8Stream::new(Empty);
    /// let _body: Empty = s.into_inner();
    /// ```
    #[inline]
    pub fn into_inner(self) -> S {
        self.inner
    }

    fn push(&mut self, chunk: Bytes, last: bool) {
        let (pieces, error) = self.chunker.push(chunk, last);
        self.ready.extend(pieces.into_iter());
        self.error = error;
    }
}

impl<S, E> Stream for Utf8Stream<S>
where
    S: Stream<Item = Result<Bytes, E>> + Unpin,
{
    type Item = Result<Utf8Bytes, Utf8StreamError<E>>;

    #[inline]
    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let this = self.get_mut();
        loop {
            if let Some(text) = this.ready.pop_front() {
                return Poll::Ready(Some(Ok(text)));
            }
            if let Some(e) = this.error.take() {
                this.done = true;
                return Poll::Ready(Some(Err(Utf8StreamError::InvalidUtf8(e))));
            }
            if this.done {
                return Poll::Ready(None);
            }
            match ready!(Pin::new(&mut this.inner).poll_next(cx)) {
                Some(Ok(chunk)) => this.push(chunk, false),
                Some(Err(e)) => return Poll::Ready(Some(Err(Utf8StreamError::Source(e)))),
                None => {
                    this.push(Bytes::new(), true);
                    this.done = true;
                }
            }
        }
    }
}
