//! A first-in first-out queue of cycles for the model's bounded queues (memory
//! accesses outstanding, store-buffer entries): a power-of-two ring that grows only
//! if a queue outgrows its bound, so the hot path is a mask and no reallocation.

pub struct Fifo {
    buf: Box<[u64]>,
    head: usize,
    len: usize,
}

impl Fifo {
    /// An empty queue with room for `bound` entries before it grows.
    pub fn with_bound(bound: usize) -> Fifo {
        Fifo {
            buf: vec![0; (bound + 1).next_power_of_two()].into_boxed_slice(),
            head: 0,
            len: 0,
        }
    }

    #[inline(always)]
    fn mask(&self) -> usize {
        self.buf.len() - 1
    }

    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }

    #[inline(always)]
    pub fn front(&self) -> Option<u64> {
        (self.len > 0).then(|| self.buf[self.head])
    }

    #[inline(always)]
    pub fn pop_front(&mut self) -> Option<u64> {
        let v = self.front()?;
        self.head = (self.head + 1) & self.mask();
        self.len -= 1;
        Some(v)
    }

    #[inline(always)]
    pub fn push_back(&mut self, v: u64) {
        if self.len == self.buf.len() {
            self.grow();
        }
        let at = (self.head + self.len) & self.mask();
        self.buf[at] = v;
        self.len += 1;
    }

    /// Every entry, oldest first.
    pub fn for_each_mut(&mut self, f: &mut impl FnMut(&mut u64)) {
        let mask = self.mask();
        for k in 0..self.len {
            f(&mut self.buf[(self.head + k) & mask]);
        }
    }

    #[cold]
    fn grow(&mut self) {
        let mut buf = vec![0; self.buf.len() * 2].into_boxed_slice();
        for (k, slot) in buf.iter_mut().take(self.len).enumerate() {
            *slot = self.buf[(self.head + k) & self.mask()];
        }
        self.buf = buf;
        self.head = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::Fifo;
    use std::collections::VecDeque;

    #[test]
    fn behaves_as_a_vecdeque() {
        let mut f = Fifo::with_bound(2);
        let mut d = VecDeque::new();
        let mut x = 12345u64;
        for _ in 0..10_000 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            if (x >> 33).is_multiple_of(3) {
                assert_eq!(f.pop_front(), d.pop_front());
            } else {
                f.push_back(x);
                d.push_back(x);
            }
            assert_eq!(f.len(), d.len());
            assert_eq!(f.front(), d.front().copied());
        }
    }
}
