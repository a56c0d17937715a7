//! Sparse, page-granular guest physical memory.
//!
//! Only pages that the program touches are allocated, so declaring 100 GiB of DRAM
//! (`-m0x80000000:0x1900000000`) costs nothing up front. A direct-mapped translation
//! cache (page number -> page index) makes the common access a tag compare and an
//! index. Pages holding pre-decoded code or the HTIF mailbox are "watched": stores to
//! them take a slower path that raises an event (looked at by the engine after each
//! block) only when the store overlaps a 64-byte chunk of decoded code, or the mailbox
//! page. Data that shares a page with code therefore costs a bitmap test, not a flush.

use std::collections::{BTreeMap, HashMap};

pub const PAGE_SHIFT: u32 = 12;
pub const PAGE_SIZE: usize = 1 << PAGE_SHIFT;
const PAGE_MASK: u64 = PAGE_SIZE as u64 - 1;
// 4096: an NPU kernel at L = 128 with 64 KiB banks touches pages 16 apart in 128 banks,
// which a 1024-entry direct-mapped cache would evict lane against lane.
const TLB_SIZE: usize = 4096;

/// Asks the host cache for the lines of [p, p + len). A prefetch never faults and
/// changes nothing, so any range is allowed.
#[inline(always)]
pub fn prefetch_host(p: *const u8, len: usize) {
    // A plain loop: `step_by` costs more than the prefetches for the short ranges of
    // the lane loop.
    #[cfg(target_arch = "x86_64")]
    {
        let mut o = 0;
        while o < len {
            // SAFETY: prefetching has no architectural effect, whatever the address.
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
                    p.wrapping_add(o) as *const i8,
                )
            };
            o += 64;
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (p, len);
}

/// A declared range of guest physical memory (Spike's `-m base:size`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Region {
    pub base: u64,
    pub size: u64,
}

impl Region {
    pub fn contains(&self, addr: u64) -> bool {
        addr >= self.base && addr - self.base < self.size
    }
}

/// An access that touched no declared region; `addr` is the first byte that missed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemFault {
    pub addr: u64,
}

/// Events raised by stores to watched pages.
pub mod event {
    /// A store hit a page that holds pre-decoded instructions.
    pub const CODE_WRITTEN: u8 = 1;
    /// A store hit the page of the HTIF `tohost` mailbox.
    pub const MAILBOX_WRITTEN: u8 = 2;
}

/// A translation-cache entry: 32 bytes, so that an entry's offset is a shift of the
/// address (the translation tier's probe computes it inline).
#[derive(Clone, Copy)]
struct TlbEntry {
    /// The page's address (`page << PAGE_SHIFT`), or `u64::MAX` (empty: matches no
    /// page, and no access of the tier's one-compare hit test, `TlbLayout`), or 0 in
    /// any slot but slot 0 (empty too: see `Tlb`).
    tag: u64,
    /// `tag` if stores may use this entry (not for watched pages), else `u64::MAX`.
    store_tag: u64,
    /// The page's host bytes minus its guest address, so that a hit costs no second
    /// lookup: `host(addr)` is `addend + addr` (pages are boxed and never freed while
    /// the memory lives, and their provenance is exposed when the entry is made).
    addend: u64,
    index: u32,
    /// Stores may use this entry (false for watched pages).
    writable: bool,
}

const _: () = assert!(std::mem::size_of::<TlbEntry>() == 32);

impl TlbEntry {
    /// Whether the entry holds page number `page`.
    #[inline(always)]
    fn holds(&self, page: u64) -> bool {
        self.tag == page << PAGE_SHIFT
    }

    /// The host address of guest `addr` in the entry's page.
    #[inline(always)]
    fn host(&self, addr: u64) -> *mut u8 {
        std::ptr::with_exposed_provenance_mut(self.addend.wrapping_add(addr) as usize)
    }
}

const EMPTY: TlbEntry = TlbEntry {
    tag: u64::MAX,
    store_tag: u64::MAX,
    addend: 0,
    index: 0,
    writable: false,
};

/// Entries per 4 KiB of the cache (the unit `Tlb::written` tracks).
const TLB_ENTRIES_PER_PAGE: usize = 4096 / std::mem::size_of::<TlbEntry>();
const _: () = assert!(TLB_SIZE / TLB_ENTRIES_PER_PAGE <= 32);

/// The translation cache, indexed by page number modulo `TLB_SIZE`. It is allocated
/// zeroed and flushed by re-zeroing only the 4 KiB it has written, so the pages of
/// its 128 KiB that a run never uses are never resident. A zeroed entry is empty:
/// its tag, 0, names page 0, and only slot 0 is probed for page 0, so slot 0 alone
/// holds `EMPTY`.
struct Tlb {
    entries: Box<[TlbEntry; TLB_SIZE]>,
    /// Bit k: entries `k * TLB_ENTRIES_PER_PAGE ..` may have been written.
    written: u32,
}

impl Tlb {
    fn new() -> Tlb {
        // SAFETY: all-zero bytes are a valid TlbEntry (integers and `false`).
        let entries = unsafe { Box::<[TlbEntry; TLB_SIZE]>::new_zeroed().assume_init() };
        let mut t = Tlb {
            entries,
            written: 0,
        };
        t.entries[0] = EMPTY;
        t.written = 1;
        t
    }

    #[inline(always)]
    fn entry(&self, page: u64) -> &TlbEntry {
        &self.entries[(page as usize) & (TLB_SIZE - 1)]
    }

    /// The entry for `page`, to change in place (only one that `holds` the page).
    #[inline(always)]
    fn entry_mut(&mut self, page: u64) -> &mut TlbEntry {
        &mut self.entries[(page as usize) & (TLB_SIZE - 1)]
    }

    fn insert(&mut self, page: u64, e: TlbEntry) {
        let slot = (page as usize) & (TLB_SIZE - 1);
        self.entries[slot] = e;
        self.written |= 1 << (slot / TLB_ENTRIES_PER_PAGE);
    }

    fn flush(&mut self) {
        let mut w = self.written;
        while w != 0 {
            let k = w.trailing_zeros() as usize;
            w &= w - 1;
            let range = k * TLB_ENTRIES_PER_PAGE..(k + 1) * TLB_ENTRIES_PER_PAGE;
            // SAFETY: as in `new`: zeroed entries are valid (and empty but in slot 0).
            unsafe {
                std::ptr::write_bytes(self.entries[range].as_mut_ptr(), 0, TLB_ENTRIES_PER_PAGE)
            };
        }
        self.entries[0] = EMPTY;
        self.written = 1;
    }
}

type Page = Box<[u8; PAGE_SIZE]>;

pub struct Memory {
    regions: Vec<Region>,
    pages: Vec<Page>,
    page_index: HashMap<u64, u32>,
    /// Per page index: the events any store to it raises (the mailbox page).
    watch: Vec<u8>,
    /// Per page index: bitmap of the 64-byte chunks that hold pre-decoded code.
    code_chunks: Vec<u64>,
    tlb: Tlb,
    /// Events raised since the engine last cleared them.
    pub events: u8,
    /// Under the proxy kernel: the user address space. Only the cache-miss path
    /// consults it; a page it refuses for an access kind is never cached for it.
    user: Option<Box<UserMap>>,
}

// SAFETY: the raw page pointers in the TLB point into `pages`, which this struct owns;
// moving the memory to another thread moves them together.
unsafe impl Send for Memory {}

/// Little-endian scalar types the guest can load and store.
pub trait Scalar: Copy {
    const SIZE: usize;
    fn read(b: &[u8]) -> Self;
    fn write(self, b: &mut [u8]);
    /// Reads from a host pointer to at least `SIZE` valid bytes (any alignment).
    ///
    /// # Safety
    /// `p` must be valid for reads of `SIZE` bytes.
    unsafe fn read_ptr(p: *const u8) -> Self;
    /// # Safety
    /// `p` must be valid for writes of `SIZE` bytes.
    unsafe fn write_ptr(self, p: *mut u8);
}

macro_rules! scalar {
    ($($t:ty),*) => {$(
        impl Scalar for $t {
            const SIZE: usize = std::mem::size_of::<$t>();
            #[inline(always)]
            fn read(b: &[u8]) -> Self {
                <$t>::from_le_bytes(b[..Self::SIZE].try_into().unwrap())
            }
            #[inline(always)]
            fn write(self, b: &mut [u8]) {
                b[..Self::SIZE].copy_from_slice(&self.to_le_bytes())
            }
            #[inline(always)]
            unsafe fn read_ptr(p: *const u8) -> Self {
                // SAFETY: the caller guarantees SIZE readable bytes.
                <$t>::from_le_bytes(unsafe { std::ptr::read_unaligned(p as *const [u8; Self::SIZE]) })
            }
            #[inline(always)]
            unsafe fn write_ptr(self, p: *mut u8) {
                // SAFETY: the caller guarantees SIZE writable bytes.
                unsafe { std::ptr::write_unaligned(p as *mut [u8; Self::SIZE], self.to_le_bytes()) }
            }
        }
    )*};
}
scalar!(u8, u16, u32, u64);

impl Memory {
    pub fn new(regions: Vec<Region>) -> Memory {
        Memory {
            regions,
            pages: Vec::new(),
            page_index: HashMap::new(),
            watch: Vec::new(),
            code_chunks: Vec::new(),
            tlb: Tlb::new(),
            events: 0,
            user: None,
        }
    }

    /// Puts user accesses under `map` (the proxy kernel's address space): from now
    /// on a load, store or fetch that pk would not allow is a fault.
    pub fn set_user_map(&mut self, map: UserMap) {
        self.user = Some(Box::new(map));
        self.flush_tlb();
    }

    /// Whether user accesses are checked against a `UserMap` (faults are then page
    /// faults, as under pk).
    pub fn paged(&self) -> bool {
        self.user.is_some()
    }

    pub fn user_map(&self) -> Option<&UserMap> {
        self.user.as_deref()
    }

    /// Changes the user map through `f`; cached translations are dropped and
    /// decoded code is flushed (a page may have lost its execute permission).
    pub fn change_user_map<R>(&mut self, f: impl FnOnce(&mut UserMap) -> R) -> Option<R> {
        let r = f(self.user.as_deref_mut()?);
        self.flush_tlb();
        self.events |= event::CODE_WRITTEN;
        Some(r)
    }

    fn flush_tlb(&mut self) {
        self.tlb.flush();
    }

    /// An instruction parcel at `addr`: under a user map the page must be
    /// executable (fetches never go through the data translation cache).
    pub fn fetch_u16(&mut self, addr: u64) -> Result<u16, MemFault> {
        let Some(u) = self.user.as_deref_mut() else {
            return self.load(addr);
        };
        if !u.fetch(addr) || !u.fetch(addr.wrapping_add(1)) {
            return Err(MemFault { addr });
        }
        self.peek(addr)
    }

    /// The instruction parcel at `addr` if a fetch would read it without changing
    /// anything: its page already populated and executable under a user map, and
    /// already backed (None otherwise). For timing models looking ahead of the hart.
    pub fn peek_code(&self, addr: u64) -> Option<u16> {
        if addr & 1 != 0 {
            return None;
        }
        let page = addr >> PAGE_SHIFT;
        if let Some(u) = self.user.as_deref()
            && !u.open
            && !u
                .present
                .get(&page)
                .is_some_and(|&t| UserMap::allows(t, false, true))
        {
            return None;
        }
        let &i = self.page_index.get(&page)?;
        let off = (addr & PAGE_MASK) as usize;
        let b = &self.pages[i as usize];
        Some(u16::from_le_bytes([b[off], b[off + 1]]))
    }

    /// Whether a load of `len` bytes at `addr` would complete without a page fault
    /// under the user map, populating nothing (a fault-only-first element after the
    /// first). Without a user map: true (the access decides).
    pub fn probe_load(&self, addr: u64, len: usize) -> bool {
        let Some(u) = self.user.as_deref() else {
            return true;
        };
        let last = addr.wrapping_add(len as u64 - 1);
        let ok = |a: u64| self.lookup_ref(a).is_some() || u.probe_load(a);
        // A misaligned access is split at the page boundary (as Spike does).
        ok(addr) && ((last ^ addr) >> PAGE_SHIFT == 0 || ok(last & !PAGE_MASK))
    }

    /// Reads guest memory bypassing the user map (diagnostics, pk's own data).
    pub fn peek<T: Scalar>(&mut self, addr: u64) -> Result<T, MemFault> {
        let mut b = [0u8; 8];
        self.raw_copy(addr, &mut b[..T::SIZE], false)?;
        Ok(T::read(&b))
    }

    /// Copies between `buf` and guest memory page by page without the translation
    /// cache or the user map (only the regions are checked). A write raises the
    /// store events as any store does.
    fn raw_copy(&mut self, addr: u64, buf: &mut [u8], write: bool) -> Result<(), MemFault> {
        let mut done = 0;
        while done < buf.len() {
            let a = addr.wrapping_add(done as u64);
            let off = (a & PAGE_MASK) as usize;
            let n = (PAGE_SIZE - off).min(buf.len() - done);
            let last = a.wrapping_add(n as u64 - 1);
            if !self.in_region(a) {
                return Err(MemFault { addr: a });
            }
            if !self.in_region(last) {
                return Err(MemFault { addr: last });
            }
            let i = self.page_slow(a >> PAGE_SHIFT)?;
            let page = &mut self.pages[i as usize][off..off + n];
            if write {
                page.copy_from_slice(&buf[done..done + n]);
                self.note_store(i, off, n);
            } else {
                buf[done..done + n].copy_from_slice(page);
            }
            done += n;
        }
        Ok(())
    }

    /// Writes guest memory bypassing the user map and populating nothing (the
    /// contents of a lazily mapped file, set up front).
    pub fn poke_bytes(&mut self, addr: u64, buf: &[u8]) -> Result<(), MemFault> {
        // Check first so that a faulting write changes nothing.
        let mut probe = [0u8; 1];
        for a in [addr, addr.wrapping_add(buf.len().max(1) as u64 - 1)] {
            self.raw_copy(a, &mut probe, false)?;
        }
        let mut tmp = buf.to_vec();
        self.raw_copy(addr, &mut tmp, true)
    }

    /// The proxy kernel's own access to user memory (system call buffers, the
    /// initial stack): every page must be mapped, and is populated as pk's
    /// accesses populate it; protections are not checked. The fault names the
    /// first unmapped page.
    fn kernel_pages(&mut self, addr: u64, len: usize) -> Result<(), MemFault> {
        if len == 0 {
            return Ok(());
        }
        let Some(u) = self.user.as_deref_mut() else {
            return Ok(());
        };
        let (first, last) = (
            addr >> PAGE_SHIFT,
            addr.wrapping_add(len as u64 - 1) >> PAGE_SHIFT,
        );
        if last < first {
            return Err(MemFault { addr });
        }
        for p in first..=last {
            // The scratchpad window needs no mapping (pk's syscalls on it, as the
            // program's own accesses).
            if u.page_in_window(p) {
                continue;
            }
            if !u.touch(p, p + 1) {
                return Err(MemFault {
                    addr: (p << PAGE_SHIFT).max(addr),
                });
            }
        }
        Ok(())
    }

    pub fn kernel_read(&mut self, addr: u64, buf: &mut [u8]) -> Result<(), MemFault> {
        if self.user.is_none() {
            return self.read_bytes(addr, buf);
        }
        self.kernel_pages(addr, buf.len())?;
        self.raw_copy(addr, buf, false)
    }

    pub fn kernel_write(&mut self, addr: u64, buf: &[u8]) -> Result<(), MemFault> {
        if self.user.is_none() {
            return self.write_bytes(addr, buf);
        }
        self.kernel_pages(addr, buf.len())?;
        self.poke_bytes(addr, buf)
    }

    pub fn regions(&self) -> &[Region] {
        &self.regions
    }

    /// Asks the host cache for guest bytes [addr, addr + len) (up to the end of the
    /// page) when the page is in the translation cache; no effect on guest state.
    /// Lets the NPU lane loop fetch the next lanes' banks while it works on this one.
    #[inline]
    pub fn prefetch(&self, addr: u64, len: usize) {
        if let Some(i) = self.lookup_ref(addr) {
            let off = (addr & PAGE_MASK) as usize;
            // SAFETY: off < PAGE_SIZE; the range is clipped to the page.
            let p = unsafe { self.pages[i as usize].as_ptr().add(off) };
            prefetch_host(p, len.min(PAGE_SIZE - off));
        }
    }

    #[inline(always)]
    fn lookup_ref(&self, addr: u64) -> Option<u32> {
        let page = addr >> PAGE_SHIFT;
        let e = self.tlb.entry(page);
        if e.holds(page) { Some(e.index) } else { None }
    }

    /// Bytes of guest memory actually allocated.
    pub fn resident_bytes(&self) -> usize {
        self.pages.len() * PAGE_SIZE
    }

    pub fn in_region(&self, addr: u64) -> bool {
        self.regions.iter().any(|r| r.contains(addr))
    }

    /// Page index of `page` (a page number), allocating it on first touch.
    fn page_slow(&mut self, page: u64) -> Result<u32, MemFault> {
        if let Some(&i) = self.page_index.get(&page) {
            return Ok(i);
        }
        let base = page << PAGE_SHIFT;
        // A page is usable if any byte of it lies in a region; bytes outside are checked per access.
        if !self.regions.iter().any(|r| {
            r.base < base.wrapping_add(PAGE_SIZE as u64) && base < r.base.wrapping_add(r.size)
        }) {
            return Err(MemFault { addr: base });
        }
        let i = self.pages.len() as u32;
        self.pages.push(Box::new([0; PAGE_SIZE]));
        self.watch.push(0);
        self.code_chunks.push(0);
        self.page_index.insert(page, i);
        Ok(i)
    }

    /// Page index for an access at `addr`, through the translation cache.
    #[inline(always)]
    fn lookup(&mut self, addr: u64) -> Option<u32> {
        let page = addr >> PAGE_SHIFT;
        let e = self.tlb.entry(page);
        if e.holds(page) { Some(e.index) } else { None }
    }

    fn fill(&mut self, addr: u64, store: bool) -> Result<u32, MemFault> {
        if !self.in_region(addr) {
            return Err(MemFault { addr });
        }
        let page = addr >> PAGE_SHIFT;
        // The user map decides first: a refused access allocates nothing.
        let (mut cache, mut store_ok) = (true, true);
        if let Some(u) = self.user.as_deref_mut() {
            let g = u.data(addr, store).ok_or(MemFault { addr })?;
            (cache, store_ok) = (g.cacheable, g.store_ok);
        }
        let i = self.page_slow(page)?;
        let watched = self.watch[i as usize] != 0 || self.code_chunks[i as usize] != 0;
        // Pages only partly inside a region are never cached: every access re-checks.
        let whole = self.regions.iter().any(|r| {
            r.contains(page << PAGE_SHIFT) && r.contains((page << PAGE_SHIFT) | PAGE_MASK)
        });
        if whole && cache {
            let host = self.pages[i as usize].as_mut_ptr().expose_provenance() as u64;
            let writable = !watched && store_ok;
            let tag = page << PAGE_SHIFT;
            self.tlb.insert(
                page,
                TlbEntry {
                    tag,
                    store_tag: if writable { tag } else { u64::MAX },
                    addend: host.wrapping_sub(tag),
                    index: i,
                    writable,
                },
            );
        }
        Ok(i)
    }

    /// A store that hit a cached page marked unwritable: watched (raise its events)
    /// or, under a user map, possibly not writable at all.
    #[cold]
    fn store_unwritable(
        &mut self,
        addr: u64,
        i: u32,
        off: usize,
        len: usize,
    ) -> Result<(), MemFault> {
        if let Some(u) = self.user.as_deref_mut()
            && !u.data(addr, true).is_some_and(|g| g.store_ok)
        {
            return Err(MemFault { addr });
        }
        self.note_store(i, off, len);
        Ok(())
    }

    /// A naturally aligned load that hits the translation cache (None: take `load`).
    #[inline(always)]
    pub fn load_fast<T: Scalar>(&self, addr: u64) -> Option<T> {
        let page = addr >> PAGE_SHIFT;
        let e = self.tlb.entry(page);
        if e.holds(page) {
            // SAFETY: a hit's `host` is the live page; aligned accesses stay inside it.
            Some(unsafe { T::read_ptr(e.host(addr)) })
        } else {
            None
        }
    }

    /// A naturally aligned store to an unwatched page in the translation cache
    /// (false: take `store`).
    #[inline(always)]
    pub fn store_fast<T: Scalar>(&mut self, addr: u64, v: T) -> bool {
        let page = addr >> PAGE_SHIFT;
        let e = self.tlb.entry(page);
        if e.holds(page) && e.writable {
            // SAFETY: as in `load_fast`.
            unsafe { v.write_ptr(e.host(addr)) };
            true
        } else {
            false
        }
    }

    /// Host address of guest bytes [addr, addr + len) when they lie in one page that
    /// is in the translation cache and, for a `write`, unwatched (None: take the
    /// general path, which also fills the cache). Cached pages lie wholly inside a
    /// region, so every byte of the range is there; an unwatched page holds neither
    /// decoded code nor the mailbox, so a store through the pointer needs no event.
    #[inline(always)]
    pub fn host_range(&self, addr: u64, len: usize, write: bool) -> Option<*mut u8> {
        let off = (addr & PAGE_MASK) as usize;
        if len == 0 || len > PAGE_SIZE - off {
            return None;
        }
        let page = addr >> PAGE_SHIFT;
        let e = self.tlb.entry(page);
        if e.holds(page) && (e.writable || !write) {
            // A hit's `host` is the live page and off < PAGE_SIZE.
            Some(e.host(addr))
        } else {
            None
        }
    }

    #[inline(always)]
    pub fn load<T: Scalar>(&mut self, addr: u64) -> Result<T, MemFault> {
        let off = (addr & PAGE_MASK) as usize;
        if off + T::SIZE <= PAGE_SIZE {
            let i = match self.lookup(addr) {
                Some(i) => i,
                None => self.fill_range(addr, T::SIZE, false)?,
            };
            Ok(T::read(&self.pages[i as usize][off..]))
        } else {
            let mut buf = [0u8; 8];
            self.read_user(addr, &mut buf[..T::SIZE])?;
            Ok(T::read(&buf))
        }
    }

    #[inline(always)]
    pub fn store<T: Scalar>(&mut self, addr: u64, v: T) -> Result<(), MemFault> {
        let off = (addr & PAGE_MASK) as usize;
        if off + T::SIZE <= PAGE_SIZE {
            let page = addr >> PAGE_SHIFT;
            let e = *self.tlb.entry(page);
            let i = if e.holds(page) {
                if !e.writable {
                    self.store_unwritable(addr, e.index, off, T::SIZE)?;
                }
                e.index
            } else {
                let i = self.fill_range(addr, T::SIZE, true)?;
                self.note_store(i, off, T::SIZE);
                i
            };
            v.write(&mut self.pages[i as usize][off..]);
            Ok(())
        } else {
            let mut buf = [0u8; 8];
            v.write(&mut buf);
            self.write_user(addr, &buf[..T::SIZE])
        }
    }

    /// Slow path for an access within one page: checks both ends against the regions.
    #[cold]
    fn fill_range(&mut self, addr: u64, len: usize, store: bool) -> Result<u32, MemFault> {
        let last = addr.wrapping_add(len as u64 - 1);
        if !self.in_region(last) {
            return Err(MemFault {
                addr: if self.in_region(addr) { last } else { addr },
            });
        }
        self.fill(addr, store)
    }

    /// Copies guest memory into `buf` (any alignment, may cross pages): a host-side
    /// access (loaders, HTIF, the DMA engine, test harnesses), which the user map
    /// does not restrict. Without a user map it is `read_user`.
    pub fn read_bytes(&mut self, addr: u64, buf: &mut [u8]) -> Result<(), MemFault> {
        if self.user.is_some() {
            return self.raw_copy(addr, buf, false);
        }
        self.read_user(addr, buf)
    }

    /// `write_bytes`' counterpart of `read_bytes`: host-side, unrestricted. Under a
    /// user map, pages it writes that no mapping covers become read+write pages
    /// (what the host placed there is the program's to use, as the DMA engine's
    /// and the test harnesses' data always was).
    pub fn write_bytes(&mut self, addr: u64, buf: &[u8]) -> Result<(), MemFault> {
        if self.user.is_none() {
            return self.write_user(addr, buf);
        }
        self.poke_bytes(addr, buf)?;
        if let (Some(u), false) = (self.user.as_deref_mut(), buf.is_empty()) {
            let (first, last) = (
                addr >> PAGE_SHIFT,
                (addr + buf.len() as u64 - 1) >> PAGE_SHIFT,
            );
            for p in first..=last {
                if !u.is_mapped(p) {
                    u.map(p, p + 1, prot::READ | prot::WRITE);
                }
            }
        }
        Ok(())
    }

    /// Copies guest memory into `buf` as the program's own loads would (any
    /// alignment, may cross pages; checked against the user map).
    pub fn read_user(&mut self, addr: u64, buf: &mut [u8]) -> Result<(), MemFault> {
        let mut done = 0;
        while done < buf.len() {
            let a = addr.wrapping_add(done as u64);
            let off = (a & PAGE_MASK) as usize;
            let n = (PAGE_SIZE - off).min(buf.len() - done);
            let i = match self.lookup(a) {
                Some(i) => i,
                None => self.fill_range(a, n, false)?,
            };
            buf[done..done + n].copy_from_slice(&self.pages[i as usize][off..off + n]);
            done += n;
        }
        Ok(())
    }

    /// Copies `buf` into guest memory as the program's own stores would (any
    /// alignment, may cross pages; checked against the user map; a faulting write
    /// changes nothing).
    pub fn write_user(&mut self, addr: u64, buf: &[u8]) -> Result<(), MemFault> {
        // Check the whole range first so that a faulting write changes nothing.
        let mut a = addr;
        let end = addr.wrapping_add(buf.len() as u64);
        while a != end {
            let n = (PAGE_SIZE as u64 - (a & PAGE_MASK)).min(end.wrapping_sub(a));
            if !self.in_region(a) || !self.in_region(a.wrapping_add(n - 1)) {
                return Err(MemFault {
                    addr: if self.in_region(a) {
                        a.wrapping_add(n - 1)
                    } else {
                        a
                    },
                });
            }
            // A page cached as writable has passed the user map already.
            let page = a >> PAGE_SHIFT;
            let e = self.tlb.entry(page);
            let cached_writable = e.holds(page) && e.writable;
            if !cached_writable
                && let Some(u) = self.user.as_deref_mut()
                && !u.data(a, true).is_some_and(|g| g.store_ok)
            {
                return Err(MemFault { addr: a });
            }
            a = a.wrapping_add(n);
        }
        let mut done = 0;
        while done < buf.len() {
            let a = addr.wrapping_add(done as u64);
            let off = (a & PAGE_MASK) as usize;
            let n = (PAGE_SIZE - off).min(buf.len() - done);
            // Cached pages lie wholly inside a region (checked above anyway).
            let i = match self.lookup(a) {
                Some(i) => i,
                None => self.fill_range(a, n, true)?,
            };
            self.note_store(i, off, n);
            self.pages[i as usize][off..off + n].copy_from_slice(&buf[done..done + n]);
            done += n;
        }
        Ok(())
    }

    /// Zeroes `[addr, addr + len)` wherever pages exist (untouched pages already read
    /// as zero), e.g. for `munmap` or a shrinking program break. Out-of-region bytes
    /// are ignored.
    pub fn zero_range(&mut self, addr: u64, len: u64) {
        let end = addr.saturating_add(len);
        let (first, last) = (addr >> PAGE_SHIFT, end.saturating_sub(1) >> PAGE_SHIFT);
        if len == 0 {
            return;
        }
        let mut present: Vec<(u64, u32)> = if last - first < self.page_index.len() as u64 {
            (first..=last)
                .filter_map(|p| self.page_index.get(&p).map(|&i| (p, i)))
                .collect()
        } else {
            self.page_index
                .iter()
                .filter(|&(&p, _)| p >= first && p <= last)
                .map(|(&p, &i)| (p, i))
                .collect()
        };
        present.sort_unstable();
        for (page, i) in present {
            let base = page << PAGE_SHIFT;
            let lo = addr.max(base) - base;
            let hi = end.min(base + PAGE_SIZE as u64) - base;
            self.note_store(i, lo as usize, (hi - lo) as usize);
            self.pages[i as usize][lo as usize..hi as usize].fill(0);
        }
    }

    /// Raises the events a store of `len` bytes at offset `off` of page `i` causes.
    #[inline]
    fn note_store(&mut self, i: u32, off: usize, len: usize) {
        let i = i as usize;
        self.events |= self.watch[i];
        let chunks = self.code_chunks[i];
        if chunks != 0 {
            let (first, last) = (off / 64, (off + len - 1) / 64);
            let mask = (u64::MAX >> (63 - last)) & (u64::MAX << first);
            if chunks & mask != 0 {
                self.events |= event::CODE_WRITTEN;
            }
        }
    }

    fn unwritable(&mut self, page: u64) {
        let e = self.tlb.entry_mut(page);
        if e.holds(page) {
            e.writable = false;
            e.store_tag = u64::MAX;
        }
    }

    /// Makes every store to the page holding `addr` raise `ev` (the HTIF mailbox).
    pub fn watch_page(&mut self, addr: u64, ev: u8) {
        if let Ok(i) = self.page_slow(addr >> PAGE_SHIFT) {
            self.watch[i as usize] |= ev;
            self.unwritable(addr >> PAGE_SHIFT);
        }
    }

    /// Makes stores over the instruction bytes at `addr..addr+len` (within one page)
    /// raise CODE_WRITTEN.
    pub fn watch_code(&mut self, addr: u64, len: usize) {
        if let Ok(i) = self.page_slow(addr >> PAGE_SHIFT) {
            let off = (addr & PAGE_MASK) as usize;
            let (first, last) = (off / 64, (off + len - 1).min(PAGE_SIZE - 1) / 64);
            self.code_chunks[i as usize] |= (u64::MAX >> (63 - last)) & (u64::MAX << first);
            self.unwritable(addr >> PAGE_SHIFT);
        }
    }

    /// Forgets all decoded-code chunks (the decode cache was flushed).
    pub fn unwatch_code(&mut self) {
        self.code_chunks.fill(0);
        self.tlb.flush();
    }
}

/// pk's `PROT_*` bits (mmap/mprotect protections).
pub mod prot {
    pub const READ: u8 = 1;
    pub const WRITE: u8 = 2;
    pub const EXEC: u8 = 4;
    /// pk's brk heap and stack: every bit (pk passes -1 / RWX).
    pub const ALL: u8 = 7;
}

/// Leaf bits of a populated user page, as riscv-pk's `prot_to_type` sets them.
mod pte {
    pub const R: u8 = 1;
    pub const W: u8 = 2;
    pub const X: u8 = 4;
    pub const A: u8 = 8;
}

/// pk's `prot_to_type(prot, user)`: READ gives R+A, WRITE W+A(+D), EXEC X+A; no
/// bit at all gives a bare R without A, which faults on every access (Svade).
fn prot_to_pte(p: u8) -> u8 {
    let mut t = 0;
    if p & prot::READ != 0 {
        t |= pte::R | pte::A;
    }
    if p & prot::WRITE != 0 {
        t |= pte::W | pte::A;
    }
    if p & prot::EXEC != 0 {
        t |= pte::X | pte::A;
    }
    if t == 0 { pte::R } else { t }
}

/// Why a change to the user map was refused (pk's mprotect errors).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MapError {
    /// A page in the range is not mapped (-ENOMEM).
    NotMapped,
    /// The new protection adds a permission the mapping does not have (-EACCES).
    Denied,
}

/// The user address space under the proxy kernel, page by page as riscv-pk keeps it
/// (`pk/mmap.c`): a mapped page is either *lazy* (its PTE still points at the
/// mapping it belongs to; the first access populates it) or *present* (a leaf with
/// the mapping's protection at the time it was populated). Every lazy page of one
/// mapping shares that mapping's protection, so `mprotect` of one untouched page
/// changes them all, as in pk. Only present pages may be in the translation cache,
/// which is what a fault-only-first load can observe: an untouched page truncates
/// `vl` exactly where pk's demand paging makes Spike fault.
///
/// Data accesses that start in the NPU scratchpad window bypass the map
/// (npu-isa.md §2.2); instruction fetches never do.
#[derive(Clone, Debug, Default)]
pub struct UserMap {
    /// Lazy runs of pages: first page -> (end page, exclusive; mapping id).
    lazy: BTreeMap<u64, (u64, u32)>,
    /// Populated pages: page -> pte bits.
    present: HashMap<u64, u8>,
    /// Per mapping id: its protection (`PROT_*`).
    vmr_prot: Vec<u8>,
    /// The scratchpad window `[lo, hi)` (bytes); empty when there is none.
    window: (u64, u64),
    /// Every access is allowed (a program built in memory, with no program
    /// headers to take protections from): the map only places mmap and brk.
    pub open: bool,
}

/// What a data access may do with a page (`UserMap::data`).
struct Grant {
    /// Stores may use the page too.
    store_ok: bool,
    /// The whole page answers alike, so it may be cached.
    cacheable: bool,
}

impl UserMap {
    pub fn new(window: (u64, u64)) -> UserMap {
        UserMap {
            window,
            ..UserMap::default()
        }
    }

    fn in_window(&self, addr: u64) -> bool {
        addr >= self.window.0 && addr < self.window.1
    }

    fn page_in_window(&self, page: u64) -> bool {
        let base = page << PAGE_SHIFT;
        base >= self.window.0 && base.saturating_add(PAGE_SIZE as u64) <= self.window.1
    }

    /// The lazy run holding `page`: (first page, end page, mapping id).
    fn lazy_run(&self, page: u64) -> Option<(u64, u64, u32)> {
        let (&s, &(e, v)) = self.lazy.range(..=page).next_back()?;
        (page < e).then_some((s, e, v))
    }

    /// Whether `page` is mapped (lazy or present).
    pub fn is_mapped(&self, page: u64) -> bool {
        self.present.contains_key(&page) || self.lazy_run(page).is_some()
    }

    /// Whether `page` is mapped with at least the permissions of `p` for an access
    /// (load: READ, store: WRITE, fetch: EXEC), populating it as pk's page-fault
    /// handler does: returns the page's pte bits, or None (unmapped).
    fn populate(&mut self, page: u64) -> Option<u8> {
        if let Some(&t) = self.present.get(&page) {
            return Some(t);
        }
        let (_, _, v) = self.lazy_run(page)?;
        let t = prot_to_pte(self.vmr_prot[v as usize]);
        self.remove_lazy(page, page + 1);
        self.present.insert(page, t);
        Some(t)
    }

    /// pk's permission check after the fault is resolved (`__handle_page_fault`):
    /// loads need R (a writable page counts as readable) and A, stores W and A,
    /// fetches X and A.
    fn allows(t: u8, store: bool, fetch: bool) -> bool {
        let need = if fetch {
            pte::X
        } else if store {
            pte::W
        } else {
            pte::R
        };
        let have = if t & pte::W != 0 { t | pte::R } else { t };
        have & pte::A != 0 && have & need != 0
    }

    /// A data access starting at `addr`: None is a page fault.
    fn data(&mut self, addr: u64, store: bool) -> Option<Grant> {
        if self.open {
            return Some(Grant {
                store_ok: true,
                cacheable: true,
            });
        }
        let page = addr >> PAGE_SHIFT;
        if self.in_window(addr) {
            let whole = self.page_in_window(page);
            return Some(Grant {
                store_ok: true,
                cacheable: whole,
            });
        }
        let t = self.populate(page)?;
        if !Self::allows(t, store, false) {
            return None;
        }
        // A page that the window covers in part answers per access.
        let base = page << PAGE_SHIFT;
        let partly = base < self.window.1 && self.window.0 < base + PAGE_SIZE as u64;
        Some(Grant {
            store_ok: Self::allows(t, true, false),
            cacheable: !partly,
        })
    }

    /// An instruction fetch at `addr` (never redirected to the window).
    fn fetch(&mut self, addr: u64) -> bool {
        self.open
            || self
                .populate(addr >> PAGE_SHIFT)
                .is_some_and(|t| Self::allows(t, false, true))
    }

    /// Whether a load at `addr` would succeed *without* a page fault (the page is
    /// present and readable, or the access starts in the window): what Spike sees
    /// for a fault-only-first element, before pk could populate anything.
    fn probe_load(&self, addr: u64) -> bool {
        self.open
            || self.in_window(addr)
            || self
                .present
                .get(&(addr >> PAGE_SHIFT))
                .is_some_and(|&t| Self::allows(t, false, false))
    }

    fn remove_lazy(&mut self, first: u64, end: u64) {
        let overlapping: Vec<(u64, (u64, u32))> = self
            .lazy
            .range(..end)
            .rev()
            .take_while(|(_, (e, _))| *e > first)
            .map(|(&s, &r)| (s, r))
            .collect();
        // Runs are disjoint and sorted, so their ends are sorted too.
        let runs = overlapping;
        for (s, (e, v)) in runs {
            if e <= first || s >= end {
                continue;
            }
            self.lazy.remove(&s);
            if s < first {
                self.lazy.insert(s, (first, v));
            }
            if e > end {
                self.lazy.insert(end, (e, v));
            }
        }
    }

    /// pk's `__do_munmap` over pages `[first, end)`.
    pub fn unmap(&mut self, first: u64, end: u64) {
        if first >= end {
            return;
        }
        self.remove_lazy(first, end);
        if end - first <= self.present.len() as u64 {
            for p in first..end {
                self.present.remove(&p);
            }
        } else {
            self.present.retain(|&p, _| p < first || p >= end);
        }
    }

    /// pk's `__do_mmap` of pages `[first, end)` with protection `p`: replaces what
    /// was there with one new lazy mapping.
    pub fn map(&mut self, first: u64, end: u64, p: u8) {
        if first >= end {
            return;
        }
        self.unmap(first, end);
        let v = self.vmr_prot.len() as u32;
        self.vmr_prot.push(p & prot::ALL);
        self.lazy.insert(first, (end, v));
    }

    /// Populates every page of `[first, end)` (pk's MAP_POPULATE, and pk's own
    /// accesses to user memory); false if one is not mapped.
    pub fn touch(&mut self, first: u64, end: u64) -> bool {
        self.open || (first..end).all(|p| self.populate(p).is_some())
    }

    /// Whether every page of `[first, end)` is mapped.
    pub fn all_mapped(&self, first: u64, end: u64) -> bool {
        if self.open {
            return true;
        }
        let mut p = first;
        while p < end {
            if self.present.contains_key(&p) {
                p += 1;
            } else if let Some((_, e, _)) = self.lazy_run(p) {
                p = e;
            } else {
                return false;
            }
        }
        true
    }

    /// pk's `do_mprotect` over pages `[first, end)`, page by page: a page that is not
    /// mapped stops it with NotMapped, one whose mapping lacks a requested permission
    /// with Denied; the pages before it keep their new protection. A lazy page's
    /// mapping takes the new protection for all of its lazy pages.
    pub fn protect(&mut self, first: u64, end: u64, p: u8) -> Result<(), MapError> {
        let p = p & prot::ALL;
        let mut page = first;
        while page < end {
            if let Some(t) = self.present.get_mut(&page) {
                let ok = (p & prot::READ == 0 || *t & pte::R != 0)
                    && (p & prot::WRITE == 0 || *t & pte::W != 0)
                    && (p & prot::EXEC == 0 || *t & pte::X != 0);
                if !ok {
                    return Err(MapError::Denied);
                }
                *t = prot_to_pte(p);
                page += 1;
            } else if let Some((_, e, v)) = self.lazy_run(page) {
                let old = self.vmr_prot[v as usize];
                if (old ^ p) & !old != 0 {
                    return Err(MapError::Denied);
                }
                self.vmr_prot[v as usize] = p;
                // Every page of this run belongs to the same mapping.
                page = e.min(end).max(page + 1);
            } else {
                return Err(MapError::NotMapped);
            }
        }
        Ok(())
    }

    /// The protection of a mapped page (present: from its bits; lazy: its mapping's).
    pub fn prot_of(&self, page: u64) -> Option<u8> {
        if let Some(&t) = self.present.get(&page) {
            let mut p = 0;
            if t & pte::A != 0 {
                if t & pte::R != 0 {
                    p |= prot::READ;
                }
                if t & pte::W != 0 {
                    p |= prot::WRITE;
                }
                if t & pte::X != 0 {
                    p |= prot::EXEC;
                }
            }
            return Some(p);
        }
        self.lazy_run(page)
            .map(|(_, _, v)| self.vmr_prot[v as usize])
    }

    /// First run of `pages` free pages at or after page `from` and ending at or below
    /// page `limit` (pk's first-fit `__vm_alloc_at`).
    pub fn find_free(&self, from: u64, pages: u64, limit: u64) -> Option<u64> {
        let mut cand = from;
        loop {
            let end = cand.checked_add(pages)?;
            if end > limit {
                return None;
            }
            // The first mapped page in [cand, end), if any.
            let lazy_hit = self
                .lazy
                .range(..end)
                .next_back()
                .filter(|(_, (e, _))| *e > cand)
                .map(|(&s, (e, _))| (s.max(cand), *e));
            let present_hit = if pages <= 4096 || self.present.len() < 4096 {
                (cand..end).find(|p| self.present.contains_key(p))
            } else {
                self.present
                    .keys()
                    .filter(|&&p| p >= cand && p < end)
                    .min()
                    .copied()
            };
            match (lazy_hit, present_hit) {
                (None, None) => return Some(cand),
                (Some((_, e)), None) => cand = e,
                (None, Some(p)) => cand = p + 1,
                (Some((_, e)), Some(p)) => cand = e.max(p + 1),
            }
        }
    }
}

/// Where a translation-cache entry keeps what the translation tier's inlined hit
/// path reads (`src/jit`): the cache is `entries` entries of `stride` bytes (a
/// power of two, so the tier finds an entry with a shift and a mask) at
/// `Memory::tlb_raw`, indexed by page number modulo `entries`. An access of `n`
/// bytes (a power of two) at `addr` hits when `addr & !(PAGE_MASK & !(n - 1))`,
/// which keeps the page address and the misalignment bits, equals the u64 at `tag`
/// (loads) or `store_tag` (stores): one compare for page and alignment. The host
/// address is then `addr` plus the u64 at `addend`.
pub struct TlbLayout {
    pub entries: usize,
    pub stride: usize,
    pub tag: usize,
    pub store_tag: usize,
    pub addend: usize,
}

pub const TLB_LAYOUT: TlbLayout = TlbLayout {
    entries: TLB_SIZE,
    stride: std::mem::size_of::<TlbEntry>(),
    tag: std::mem::offset_of!(TlbEntry, tag),
    store_tag: std::mem::offset_of!(TlbEntry, store_tag),
    addend: std::mem::offset_of!(TlbEntry, addend),
};

impl Memory {
    /// The translation cache's entries (see `TlbLayout`); the address is stable for
    /// the memory's lifetime.
    pub fn tlb_raw(&self) -> *const u8 {
        self.tlb.entries.as_ptr() as *const u8
    }

    /// A digest of every allocated page (by page number and contents): two memories
    /// with the same digest hold the same bytes, up to hash collisions.
    pub fn digest(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut pages: Vec<(u64, u32)> = self.page_index.iter().map(|(&p, &i)| (p, i)).collect();
        pages.sort_unstable();
        let mut h = std::collections::hash_map::DefaultHasher::new();
        for (p, i) in pages {
            let bytes = &self.pages[i as usize][..];
            // An all-zero page reads as if it were never allocated.
            if bytes.iter().any(|&b| b != 0) {
                p.hash(&mut h);
                bytes.hash(&mut h);
            }
        }
        h.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mem() -> Memory {
        Memory::new(vec![Region {
            base: 0x8000_0000,
            size: 0x19_0000_0000,
        }])
    }

    #[test]
    fn sparse_hundred_gib() {
        let mut m = mem();
        m.store::<u64>(0x8000_0000, 0x1122_3344_5566_7788).unwrap();
        m.store::<u32>(0x19_0000_0000 + 0x8000_0000 - 4, 0xdead_beef)
            .unwrap();
        assert_eq!(m.load::<u64>(0x8000_0000).unwrap(), 0x1122_3344_5566_7788);
        assert_eq!(m.load::<u8>(0x8000_0001).unwrap(), 0x77);
        assert_eq!(m.load::<u32>(0x19_7fff_fffc).unwrap(), 0xdead_beef);
        assert_eq!(m.resident_bytes(), 2 * PAGE_SIZE);
    }

    #[test]
    fn faults_name_the_address() {
        let mut m = mem();
        assert_eq!(
            m.load::<u32>(0x7fff_fff0),
            Err(MemFault { addr: 0x7fff_fff0 })
        );
        // Straddling the start of the region: the first byte misses.
        assert_eq!(
            m.load::<u64>(0x7fff_fffc),
            Err(MemFault { addr: 0x7fff_fffc })
        );
        // Straddling the end: the first byte outside is reported.
        assert_eq!(
            m.load::<u64>(0x19_7fff_fffc),
            Err(MemFault {
                addr: 0x19_8000_0000
            })
        );
        assert!(m.write_bytes(0x19_7fff_fff0, &[1; 32]).is_err());
        assert_eq!(
            m.load::<u64>(0x19_7fff_fff0).unwrap(),
            0,
            "faulting write changed nothing"
        );
    }

    #[test]
    fn host_range_only_for_cached_unwatched_single_pages() {
        let mut m = mem();
        // Not cached yet: the general path fills the cache.
        assert!(m.host_range(0x8000_0000, 8, false).is_none());
        m.store::<u64>(0x8000_0000, 0x0102_0304_0506_0708).unwrap();
        let p = m.host_range(0x8000_0000, 8, true).unwrap();
        // SAFETY: host_range returned a pointer to 8 bytes of the page.
        assert_eq!(unsafe { *p }, 0x08);
        assert!(m.host_range(0x8000_0ff8, 8, false).is_some());
        assert!(
            m.host_range(0x8000_0ffc, 8, false).is_none(),
            "crosses a page"
        );
        assert!(m.host_range(0x8000_0000, 0, false).is_none());
        // A page with decoded code: loads may use it, stores must not.
        m.watch_code(0x8000_0100, 4);
        m.load::<u32>(0x8000_0100).unwrap();
        assert!(m.host_range(0x8000_0000, 8, false).is_some());
        assert!(m.host_range(0x8000_0000, 8, true).is_none());
    }

    fn user_mem(map: UserMap) -> Memory {
        let mut m = Memory::new(vec![Region {
            base: 0x1000,
            size: (1 << 38) - 0x1000,
        }]);
        m.set_user_map(map);
        m
    }

    #[test]
    fn user_map_protections_hold_in_and_out_of_the_cache() {
        let mut map = UserMap::new((0, 0));
        map.map(0x10, 0x11, prot::READ | prot::EXEC); // text
        map.map(0x11, 0x13, prot::READ | prot::WRITE); // data
        let mut m = user_mem(map);
        assert_eq!(m.load::<u64>(0x10008), Ok(0));
        // Cached by the load, and still refused to stores (cached or not).
        assert_eq!(m.store::<u64>(0x10008, 1), Err(MemFault { addr: 0x10008 }));
        assert!(!m.store_fast::<u64>(0x10008, 1));
        assert!(m.write_user(0x10ff0, &[1; 32]).is_err());
        assert_eq!(
            m.load::<u64>(0x10ff8),
            Ok(0),
            "a refused write changed nothing"
        );
        assert_eq!(m.fetch_u16(0x10000), Ok(0));
        // Data: loads, stores, but no fetch.
        m.store::<u32>(0x11000, 7).unwrap();
        assert_eq!(m.fetch_u16(0x11000), Err(MemFault { addr: 0x11000 }));
        // Beyond the image: nothing; a page-crossing access names the first byte out.
        assert_eq!(m.load::<u8>(0x13000), Err(MemFault { addr: 0x13000 }));
        let mut buf = [0u8; 8];
        assert_eq!(
            m.read_user(0x12ffc, &mut buf),
            Err(MemFault { addr: 0x13000 })
        );
        // Host-side copies (DMA, harnesses) are not restricted by the map.
        assert!(m.read_bytes(0x12ffc, &mut buf).is_ok());
        // pk's own accesses need the page mapped, not writable.
        assert!(m.kernel_write(0x10100, &[1]).is_ok());
        assert!(m.kernel_write(0x13000, &[1]).is_err());
        assert_eq!(m.peek::<u8>(0x10100), Ok(1));
    }

    #[test]
    fn lazy_pages_and_fault_only_first_probes() {
        let mut map = UserMap::new((0x40_0000, 0x40_0800));
        map.map(0x20, 0x22, prot::READ | prot::WRITE);
        let mut m = user_mem(map);
        // Mapped but untouched: a probe (what Spike sees) fails, an access populates.
        assert!(!m.probe_load(0x20ff8, 8));
        assert_eq!(m.load::<u64>(0x20ff8), Ok(0));
        assert!(m.probe_load(0x20ff8, 8));
        assert!(
            !m.probe_load(0x20ffc, 8),
            "the second page is still untouched"
        );
        // The window answers data accesses without any mapping, byte-exactly.
        assert!(m.probe_load(0x40_07f8, 8));
        m.store::<u64>(0x40_07f8, 3).unwrap();
        assert_eq!(m.load::<u8>(0x40_0800), Err(MemFault { addr: 0x40_0800 }));
        assert_eq!(m.fetch_u16(0x40_0000), Err(MemFault { addr: 0x40_0000 }));
    }

    #[test]
    fn mprotect_and_munmap_follow_pk() {
        let mut map = UserMap::new((0, 0));
        map.map(0x30, 0x34, prot::READ | prot::WRITE);
        assert!(map.touch(0x30, 0x31));
        // A present page changes alone; the lazy pages share their mapping's prot.
        assert_eq!(map.protect(0x30, 0x32, prot::READ), Ok(()));
        assert_eq!(map.prot_of(0x30), Some(prot::READ));
        assert_eq!(map.prot_of(0x33), Some(prot::READ));
        assert_eq!(
            map.protect(0x31, 0x32, prot::READ | prot::WRITE),
            Err(MapError::Denied)
        );
        assert_eq!(
            map.protect(0x33, 0x36, prot::READ),
            Err(MapError::NotMapped)
        );
        // PROT_NONE: mapped, but no access at all.
        assert_eq!(map.protect(0x30, 0x31, 0), Ok(()));
        let mut m = user_mem(map.clone());
        assert!(m.load::<u8>(0x30000).is_err());
        map.unmap(0x31, 0x33);
        assert!(!map.is_mapped(0x31) && !map.is_mapped(0x32) && map.is_mapped(0x33));
        assert_eq!(map.find_free(0x30, 2, 0x100), Some(0x31));
        assert_eq!(map.find_free(0x30, 3, 0x100), Some(0x34));
        assert!(map.all_mapped(0x33, 0x34) && !map.all_mapped(0x30, 0x34));
    }

    #[test]
    fn cross_page_and_watch() {
        let mut m = mem();
        m.store::<u64>(0x8000_0ffc, 0x0102_0304_0506_0708).unwrap();
        assert_eq!(m.load::<u32>(0x8000_1000).unwrap(), 0x0102_0304);
        m.watch_code(0x8000_1000, 4);
        m.load::<u32>(0x8000_1000).unwrap();
        assert_eq!(m.events, 0);
        // Data on the same page, outside the code's 64-byte chunk: no event.
        m.store::<u8>(0x8000_1040, 7).unwrap();
        assert_eq!(m.events, 0);
        m.store::<u8>(0x8000_1004, 9).unwrap();
        assert_eq!(m.events, event::CODE_WRITTEN);
        assert_eq!(m.load::<u8>(0x8000_1004).unwrap(), 9);
        m.events = 0;
        m.watch_page(0x8000_2000, event::MAILBOX_WRITTEN);
        m.store::<u64>(0x8000_2ff8, 1).unwrap();
        assert_eq!(m.events, event::MAILBOX_WRITTEN);
    }
}
