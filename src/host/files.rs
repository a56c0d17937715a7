//! The guest's open files: a descriptor table over host files, confined by the
//! sandbox, where every write goes to a staged copy.
//!
//! Nothing is lost: opening a file for writing copies it (unless truncated) to a
//! hidden staging file beside it (`.NAME.npu-spike-PID-N`), and all of the guest's
//! writes, reads and seeks on that path go to the copy. When the guest exits on its
//! own, `commit` renames every copy over its target (an atomic replace) and applies
//! deletions; when the run fails (trap, NPU error, instruction limit, host error),
//! the copies are removed and the real files are exactly as they were. Inputs that
//! are only read are never opened for writing.
//!
//! A caller may also serve files from memory (`serve_from_memory`: the Python
//! package hands the guest its tensors this way): those paths are consulted before
//! the host filesystem, the guest reads and writes the buffers, and `take_memory`
//! returns them after the run. Nothing of theirs touches the disk.

use super::errno;
use super::linux::{self, FileStat, O_ACCMODE, O_APPEND, O_CREAT, O_EXCL, O_TRUNC};
use super::sandbox::Sandbox;
use std::collections::HashMap;
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::os::unix::fs::{FileExt, OpenOptionsExt};
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

/// What became of a path the guest wrote or deleted.
#[derive(Debug)]
enum Stage {
    /// The guest's version lives in this staging file until commit.
    Replaced(PathBuf),
    /// The guest unlinked it; removed at commit.
    Deleted,
}

enum Fd {
    Stdin,
    Stdout,
    Stderr,
    File {
        file: File,
        readable: bool,
        writable: bool,
    },
    Dir(PathBuf),
    /// A file served from memory: its key in `Files::memory` and the offset.
    Mem {
        key: PathBuf,
        pos: u64,
        readable: bool,
        writable: bool,
        append: bool,
    },
}

pub struct Files {
    fds: Vec<Option<Fd>>,
    staged: HashMap<PathBuf, Stage>,
    pub sandbox: Sandbox,
    next_stage: u32,
    finished: bool,
    /// Files served from memory, by host path under the root (lexically normal);
    /// an input shared by several machines is copied on its first write.
    memory: HashMap<PathBuf, Arc<Vec<u8>>>,
}

/// Result of a call: a non-negative value, or a negated errno.
pub type SysResult = Result<i64, i64>;

impl Files {
    pub fn new(sandbox: Sandbox) -> Files {
        Files {
            fds: vec![Some(Fd::Stdin), Some(Fd::Stdout), Some(Fd::Stderr)],
            staged: HashMap::new(),
            sandbox,
            next_stage: 0,
            finished: false,
            memory: HashMap::new(),
        }
    }

    /// Serves `name` (a path relative to the root, as the guest names it) from
    /// `data` instead of the host filesystem.
    pub fn serve_from_memory(&mut self, name: &str, data: Arc<Vec<u8>>) {
        let key = self.memory_key(name);
        self.memory.insert(key, data);
    }

    /// The files served from memory after the run, by the names they were served
    /// under (a file the guest deleted is absent).
    pub fn take_memory(&mut self) -> HashMap<String, Vec<u8>> {
        let root = self.sandbox.root().to_path_buf();
        self.fds.clear();
        self.memory
            .drain()
            .map(|(k, v)| {
                let name = k
                    .strip_prefix(&root)
                    .unwrap_or(&k)
                    .to_string_lossy()
                    .into_owned();
                (name, Arc::try_unwrap(v).unwrap_or_else(|a| (*a).clone()))
            })
            .collect()
    }

    /// The memory key of a guest path: the path against the root, `.` and `..`
    /// taken lexically (memory files have no symlinks to follow).
    fn memory_key(&self, guest: &str) -> PathBuf {
        let joined = self.sandbox.root().join(guest);
        let mut out = PathBuf::new();
        for c in joined.components() {
            match c {
                Component::ParentDir => {
                    out.pop();
                }
                Component::CurDir => {}
                c => out.push(c),
            }
        }
        out
    }

    /// The memory key of `guest` if it names a file served from memory.
    fn in_memory(&self, guest: &str) -> Option<PathBuf> {
        if self.memory.is_empty() || guest.is_empty() {
            return None;
        }
        let key = self.memory_key(guest);
        self.memory.contains_key(&key).then_some(key)
    }

    /// The file the guest sees at host path `host`: its staged copy if any.
    fn current(&self, host: &Path, exists_on_disk: bool) -> Option<PathBuf> {
        match self.staged.get(host) {
            Some(Stage::Replaced(tmp)) => Some(tmp.clone()),
            Some(Stage::Deleted) => None,
            None if exists_on_disk => Some(host.to_path_buf()),
            None => None,
        }
    }

    /// `openat(AT_FDCWD, path, flags, mode)` with Linux flag numbering.
    pub fn open(&mut self, path: &str, flags: u64, mode: u64) -> SysResult {
        let access = flags & O_ACCMODE;
        if access == O_ACCMODE {
            return Err(-errno::EINVAL);
        }
        let writable = access != linux::O_RDONLY;
        let readable = access != linux::O_WRONLY;
        if let Some(key) = self.in_memory(path) {
            if flags & O_CREAT != 0 && flags & O_EXCL != 0 {
                return Err(-errno::EEXIST);
            }
            if writable && flags & O_TRUNC != 0 {
                let data = self.memory.get_mut(&key).expect("checked present");
                Arc::make_mut(data).clear();
            }
            return Ok(self.install(Fd::Mem {
                key,
                pos: 0,
                readable,
                writable,
                append: flags & O_APPEND != 0,
            }));
        }
        let r = self.sandbox.resolve(path)?;
        let current = self.current(&r.host, r.exists);
        if current.is_some() && flags & O_CREAT != 0 && flags & O_EXCL != 0 {
            return Err(-errno::EEXIST);
        }
        let fd = match current {
            None if flags & O_CREAT == 0 => return Err(-errno::ENOENT),
            Some(p) if p.is_dir() => {
                if writable {
                    return Err(-errno::EISDIR);
                }
                Fd::Dir(p)
            }
            Some(p) if !writable => Fd::File {
                file: File::open(&p).map_err(|e| -errno::from_io(&e))?,
                readable,
                writable,
            },
            current => {
                let tmp = self.stage(&r.host, current.as_deref(), flags, mode)?;
                let file = OpenOptions::new()
                    .read(readable)
                    .write(true)
                    .append(flags & O_APPEND != 0)
                    .truncate(flags & O_TRUNC != 0)
                    .open(&tmp)
                    .map_err(|e| -errno::from_io(&e))?;
                Fd::File {
                    file,
                    readable,
                    writable,
                }
            }
        };
        Ok(self.install(fd))
    }

    /// Makes sure `host` has a staging copy and returns its path.
    fn stage(
        &mut self,
        host: &Path,
        current: Option<&Path>,
        flags: u64,
        mode: u64,
    ) -> Result<PathBuf, i64> {
        if let Some(Stage::Replaced(tmp)) = self.staged.get(host) {
            return Ok(tmp.clone());
        }
        let name = host.file_name().ok_or(-errno::EINVAL)?.to_string_lossy();
        let tmp = host.with_file_name(format!(
            ".{name}.npu-spike-{}-{}",
            std::process::id(),
            self.next_stage
        ));
        self.next_stage += 1;
        match current {
            Some(orig) => {
                let meta = std::fs::metadata(orig).map_err(|e| -errno::from_io(&e))?;
                if meta.permissions().readonly() {
                    return Err(-errno::EACCES);
                }
                if flags & O_TRUNC != 0 {
                    File::create(&tmp).map_err(|e| -errno::from_io(&e))?;
                    std::fs::set_permissions(&tmp, meta.permissions())
                        .map_err(|e| -errno::from_io(&e))?;
                } else {
                    std::fs::copy(orig, &tmp).map_err(|e| -errno::from_io(&e))?;
                }
            }
            None => {
                OpenOptions::new()
                    .write(true)
                    .create_new(true)
                    .mode((mode & 0o777) as u32)
                    .open(&tmp)
                    .map_err(|e| -errno::from_io(&e))?;
            }
        }
        self.staged
            .insert(host.to_path_buf(), Stage::Replaced(tmp.clone()));
        Ok(tmp)
    }

    fn install(&mut self, fd: Fd) -> i64 {
        match self.fds.iter().position(Option::is_none) {
            Some(i) => {
                self.fds[i] = Some(fd);
                i as i64
            }
            None => {
                self.fds.push(Some(fd));
                (self.fds.len() - 1) as i64
            }
        }
    }

    fn fd(&mut self, fd: u64) -> Result<&mut Fd, i64> {
        fd_of(&mut self.fds, fd)
    }

    pub fn close(&mut self, fd: u64) -> SysResult {
        self.fd(fd)?;
        self.fds[fd as usize] = None;
        Ok(0)
    }

    /// Reads into `buf` at the current offset (or at `at`, for pread).
    pub fn read(&mut self, fd: u64, buf: &mut [u8], at: Option<u64>) -> SysResult {
        let io = |r: std::io::Result<usize>| r.map(|n| n as i64).map_err(|e| -errno::from_io(&e));
        match fd_of(&mut self.fds, fd)? {
            Fd::Stdin if at.is_none() => io(std::io::stdin().lock().read(buf)),
            Fd::File { file, readable, .. } if *readable => match at {
                None => io(file.read(buf)),
                Some(off) => io(read_full_at(file, buf, off)),
            },
            Fd::Dir(_) => Err(-errno::EISDIR),
            Fd::Stdin => Err(-errno::ESPIPE),
            Fd::Mem {
                key,
                pos,
                readable: true,
                ..
            } => {
                let data = self.memory.get(key).ok_or(-errno::EBADF)?;
                let from = at.unwrap_or(*pos).min(data.len() as u64) as usize;
                let n = buf.len().min(data.len() - from);
                buf[..n].copy_from_slice(&data[from..from + n]);
                if at.is_none() {
                    *pos = (from + n) as u64;
                }
                Ok(n as i64)
            }
            _ => Err(-errno::EBADF),
        }
    }

    /// Writes `buf` at the current offset (or at `at`, for pwrite).
    pub fn write(&mut self, fd: u64, buf: &[u8], at: Option<u64>) -> SysResult {
        let io =
            |r: std::io::Result<()>| r.map(|_| buf.len() as i64).map_err(|e| -errno::from_io(&e));
        match fd_of(&mut self.fds, fd)? {
            Fd::Stdout | Fd::Stderr if at.is_some() => Err(-errno::ESPIPE),
            Fd::Stdout => {
                let mut o = std::io::stdout().lock();
                io(o.write_all(buf).and_then(|_| o.flush()))
            }
            Fd::Stderr => io(std::io::stderr().lock().write_all(buf)),
            Fd::File { file, writable, .. } if *writable => match at {
                None => io(file.write_all(buf)),
                Some(off) => io(file.write_all_at(buf, off)),
            },
            Fd::Mem {
                key,
                pos,
                writable: true,
                append,
                ..
            } => {
                let data = Arc::make_mut(self.memory.get_mut(key).ok_or(-errno::EBADF)?);
                // pwrite on an O_APPEND file appends too, as on Linux.
                let from = if *append {
                    data.len() as u64
                } else {
                    at.unwrap_or(*pos)
                };
                let end = from.checked_add(buf.len() as u64).ok_or(-errno::EINVAL)?;
                let end = usize::try_from(end).map_err(|_| -errno::ENOMEM)?;
                if data.len() < end {
                    data.resize(end, 0);
                }
                data[from as usize..end].copy_from_slice(buf);
                if at.is_none() || *append {
                    *pos = end as u64;
                }
                Ok(buf.len() as i64)
            }
            _ => Err(-errno::EBADF),
        }
    }

    pub fn lseek(&mut self, fd: u64, off: i64, whence: u64) -> SysResult {
        let pos = match whence {
            0 if off >= 0 => SeekFrom::Start(off as u64),
            0 => return Err(-errno::EINVAL),
            1 => SeekFrom::Current(off),
            2 => SeekFrom::End(off),
            _ => return Err(-errno::EINVAL),
        };
        match fd_of(&mut self.fds, fd)? {
            Fd::File { file, .. } => file
                .seek(pos)
                .map(|p| p as i64)
                .map_err(|e| -errno::from_io(&e)),
            Fd::Dir(_) => Ok(0),
            Fd::Mem { key, pos, .. } => {
                let len = self.memory.get(key).map_or(0, |d| d.len()) as i64;
                // `whence` was checked above: 0 SEEK_SET, 1 SEEK_CUR, 2 SEEK_END.
                let base = match whence {
                    0 => 0,
                    1 => *pos as i64,
                    _ => len,
                };
                let new = base.checked_add(off).filter(|n| *n >= 0);
                *pos = new.ok_or(-errno::EINVAL)? as u64;
                Ok(*pos as i64)
            }
            _ => Err(-errno::ESPIPE),
        }
    }

    /// Metadata of an open descriptor; `None` for the console streams.
    pub fn fstat(&mut self, fd: u64) -> Result<Option<FileStat>, i64> {
        let host = |m: std::io::Result<std::fs::Metadata>| {
            m.map(|m| Some(FileStat::from(&m)))
                .map_err(|e| -errno::from_io(&e))
        };
        match fd_of(&mut self.fds, fd)? {
            Fd::File { file, .. } => host(file.metadata()),
            Fd::Dir(p) => host(std::fs::metadata(p)),
            Fd::Mem { key, .. } => {
                let len = self.memory.get(key).map_or(0, |d| d.len());
                Ok(Some(FileStat::memory(len as u64)))
            }
            _ => Ok(None),
        }
    }

    /// Metadata of a path as the guest sees it (staged copies and files served
    /// from memory included).
    pub fn stat(&mut self, path: &str) -> Result<FileStat, i64> {
        if let Some(key) = self.in_memory(path) {
            return Ok(FileStat::memory(self.memory[&key].len() as u64));
        }
        let r = self.sandbox.resolve(path)?;
        let p = self.current(&r.host, r.exists).ok_or(-errno::ENOENT)?;
        std::fs::metadata(p)
            .map(|m| FileStat::from(&m))
            .map_err(|e| -errno::from_io(&e))
    }

    /// `faccessat`: F_OK (0) or any of R_OK (4), W_OK (2), X_OK (1).
    pub fn access(&mut self, path: &str, mode: u64) -> SysResult {
        let m = self.stat(path)?;
        let perm = m.mode;
        let want = (mode & 7) as u32;
        // The guest runs as the owner: check the owner bits.
        if (perm >> 6) & want != want {
            return Err(-errno::EACCES);
        }
        Ok(0)
    }

    /// `unlinkat`: the file disappears for the guest now and for the host at commit.
    pub fn unlink(&mut self, path: &str) -> SysResult {
        if let Some(key) = self.in_memory(path) {
            self.memory.remove(&key);
            return Ok(0);
        }
        let r = self.sandbox.resolve(path)?;
        let p = self.current(&r.host, r.exists).ok_or(-errno::ENOENT)?;
        if p.is_dir() {
            return Err(-errno::EISDIR);
        }
        if let Some(Stage::Replaced(tmp)) = self.staged.remove(&r.host) {
            let _ = std::fs::remove_file(tmp);
        }
        if r.exists {
            self.staged.insert(r.host, Stage::Deleted);
        }
        Ok(0)
    }

    pub fn cwd(&self) -> &Path {
        self.sandbox.root()
    }

    /// Publishes the guest's writes: every staged copy replaces its target, deleted
    /// files are removed. Called once, when the guest exits on its own.
    pub fn commit(&mut self) -> Result<(), String> {
        self.fds.clear();
        self.finished = true;
        let mut staged: Vec<_> = self.staged.drain().collect();
        staged.sort_by(|a, b| a.0.cmp(&b.0));
        let mut errors = Vec::new();
        for (target, stage) in staged {
            let r = match &stage {
                Stage::Replaced(tmp) => std::fs::rename(tmp, &target),
                Stage::Deleted => match std::fs::remove_file(&target) {
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
                    r => r,
                },
            };
            if let Err(e) = r {
                if let Stage::Replaced(tmp) = &stage {
                    let _ = std::fs::remove_file(tmp);
                }
                errors.push(format!(
                    "{}: cannot write the guest's output: {e}",
                    target.display()
                ));
            }
        }
        if errors.is_empty() {
            Ok(())
        } else {
            Err(errors.join("\n"))
        }
    }

    /// Throws the guest's writes away: the host files stay as they were.
    pub fn discard(&mut self) {
        self.fds.clear();
        self.finished = true;
        for (_, stage) in self.staged.drain() {
            if let Stage::Replaced(tmp) = stage {
                let _ = std::fs::remove_file(tmp);
            }
        }
    }

    /// Paths the guest has written (targets, not staging copies), sorted.
    pub fn pending_outputs(&self) -> Vec<PathBuf> {
        let mut v: Vec<_> = self.staged.keys().cloned().collect();
        v.sort();
        v
    }
}

impl Drop for Files {
    /// A run that ends without `commit` (an error, a panic) leaves no staging files.
    fn drop(&mut self) {
        if !self.finished {
            self.discard();
        }
    }
}

/// The open descriptor `fd` (borrowing only the table, so the memory files stay
/// reachable beside it).
fn fd_of(fds: &mut [Option<Fd>], fd: u64) -> Result<&mut Fd, i64> {
    fds.get_mut(fd as usize)
        .and_then(Option::as_mut)
        .ok_or(-errno::EBADF)
}

/// `pread` that keeps reading until `buf` is full or the file ends.
fn read_full_at(file: &File, buf: &mut [u8], off: u64) -> std::io::Result<usize> {
    let mut done = 0;
    while done < buf.len() {
        match file.read_at(&mut buf[done..], off + done as u64) {
            Ok(0) => break,
            Ok(n) => done += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(done)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_served_from_memory_never_touch_the_disk() {
        let root = std::env::temp_dir().join(format!("npu-spike-memfiles-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(&root).unwrap();
        let mut f = Files::new(Sandbox::new(&root).unwrap());
        f.serve_from_memory("x.raw", Arc::new(b"abcdef".to_vec()));
        f.serve_from_memory("out.raw", Arc::new(vec![0; 4]));
        // Reads, seeks and pread of an input; ./ and an absolute path name it too.
        let fd = f.open("x.raw", linux::O_RDONLY, 0).unwrap() as u64;
        let mut b = [0u8; 4];
        assert_eq!(f.read(fd, &mut b, None), Ok(4));
        assert_eq!(&b, b"abcd");
        assert_eq!(f.read(fd, &mut b, None), Ok(2));
        assert_eq!(f.read(fd, &mut b, None), Ok(0));
        assert_eq!(f.lseek(fd, -3, 2), Ok(3));
        assert_eq!(f.read(fd, &mut b[..1], None), Ok(1));
        assert_eq!(b[0], b'd');
        assert_eq!(f.read(fd, &mut b[..2], Some(0)), Ok(2));
        assert_eq!(f.write(fd, b"z", None), Err(-errno::EBADF));
        assert_eq!(f.fstat(fd).unwrap().map(|s| s.size), Some(6));
        let abs = root.canonicalize().unwrap().join("x.raw");
        assert_eq!(f.stat(abs.to_str().unwrap()).map(|s| s.size), Ok(6));
        assert_eq!(f.stat("./x.raw").map(|s| s.size), Ok(6));
        assert!(f.open("x.raw", O_CREAT | O_EXCL | 1, 0o644).is_err());
        // Writes grow the buffer; O_TRUNC empties it; O_APPEND appends.
        let o = f.open("out.raw", 1 | O_CREAT, 0o644).unwrap() as u64;
        assert_eq!(f.write(o, b"12", None), Ok(2));
        assert_eq!(f.write(o, b"9", Some(5)), Ok(1));
        let t = f.open("out.raw", 1 | O_TRUNC, 0).unwrap() as u64;
        assert_eq!(f.write(t, b"hi", None), Ok(2));
        let a = f.open("out.raw", 1 | O_APPEND, 0).unwrap() as u64;
        assert_eq!(f.write(a, b"!", Some(0)), Ok(1));
        // Another file goes to the host as before.
        let h = f.open("other.txt", 1 | O_CREAT, 0o644).unwrap() as u64;
        assert_eq!(f.write(h, b"host", None), Ok(4));
        f.commit().unwrap();
        let mem = f.take_memory();
        assert_eq!(mem["x.raw"], b"abcdef");
        assert_eq!(mem["out.raw"], b"hi!");
        let mut on_disk: Vec<_> = std::fs::read_dir(&root)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        on_disk.sort();
        assert_eq!(on_disk, ["other.txt"]);
        // unlink removes a memory file for the guest.
        let mut f = Files::new(Sandbox::new(&root).unwrap());
        f.serve_from_memory("y.raw", Arc::new(vec![1]));
        assert_eq!(f.unlink("y.raw"), Ok(0));
        assert_eq!(f.open("y.raw", linux::O_RDONLY, 0), Err(-errno::ENOENT));
        assert!(f.take_memory().is_empty());
        let _ = std::fs::remove_dir_all(&root);
    }
}
