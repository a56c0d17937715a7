/* real3: realistic windows compiled by gcc -O2 (scalar C) and strip-mined RVV loops
 * written as the LLVM RVV backend emits them; each window runs cold, then warm. */
#include <stdint.h>
#define M5_RESET() __asm__ volatile(".insn r 0x7b, 0, 0x40, x0, x0, x0" ::: "memory", "a0")
#define M5_DUMP() __asm__ volatile(".insn r 0x7b, 0, 0x41, x0, x0, x0" ::: "memory", "a0")
#define WIN(setup, body) for (int _r = 0; _r < 2; _r++) { setup; M5_RESET(); body; M5_DUMP(); }

void *memcpy(void *d, const void *s, unsigned long n) { char *a = d; const char *b = s; while (n--) *a++ = *b++; return d; }
void *memset(void *d, int c, unsigned long n) { char *a = d; while (n--) *a++ = c; return d; }

static uint32_t seed = 12345;
static uint32_t rnd(void) { seed = seed * 1103515245u + 12345u; return seed >> 8; }

int src[64], arr[64];
float fa[512], fb[512], fc[512], fm[64], fo[64];
int32_t ia[128], ib[128];
volatile int sink; volatile float fsink; volatile int vn11 = 11, vn5 = 5;

__attribute__((noinline)) void isort(int *a, int n) {
  for (int i = 1; i < n; i++) { int v = a[i], j = i - 1; while (j >= 0 && a[j] > v) { a[j + 1] = a[j]; j--; } a[j + 1] = v; }
}
__attribute__((noinline)) void bsort(int *a, int n) {
  for (int i = 0; i < n - 1; i++) for (int j = 0; j < n - 1 - i; j++) if (a[j] > a[j + 1]) { int t = a[j]; a[j] = a[j + 1]; a[j + 1] = t; }
}
__attribute__((noinline)) void qsort_r(int *a, int lo, int hi) {
  if (lo >= hi) return;
  int p = a[(lo + hi) / 2], i = lo, j = hi;
  while (i <= j) { while (a[i] < p) i++; while (a[j] > p) j--; if (i <= j) { int t = a[i]; a[i] = a[j]; a[j] = t; i++; j--; } }
  qsort_r(a, lo, j); qsort_r(a, i, hi);
}
__attribute__((noinline)) void ssort(int *a, int n) {
  for (int i = 0; i < n - 1; i++) { int m = i; for (int j = i + 1; j < n; j++) if (a[j] < a[m]) m = j; int t = a[i]; a[i] = a[m]; a[m] = t; }
}
struct node { struct node *next; int key, val; };
struct node nodes[32]; struct node *head;
__attribute__((noinline)) struct node *list_find(struct node *h, int key) { while (h && h->key != key) h = h->next; return h; }
__attribute__((noinline)) struct node *list_reverse(struct node *h) { struct node *p = 0; while (h) { struct node *n = h->next; h->next = p; p = h; h = n; } return p; }
__attribute__((noinline)) uint16_t crc16(const uint8_t *d, int n, uint16_t crc) {
  for (int i = 0; i < n; i++) { crc ^= d[i]; for (int b = 0; b < 8; b++) crc = (crc & 1) ? (crc >> 1) ^ 0xA001 : crc >> 1; }
  return crc;
}
const char text[] = "5012,-42.7e3 0x1f 123;9.81,abc 77 -3.1415,+8e-2,1024 x7 2.5 42";
__attribute__((noinline)) int state_machine(const char *s) {
  int st = 0, counts[6] = {0};
  for (; *s; s++) {
    char c = *s;
    switch (st) {
    case 0: st = (c >= '0' && c <= '9') ? 1 : (c == '+' || c == '-') ? 2 : (c == '.') ? 3 : 5; break;
    case 1: st = (c >= '0' && c <= '9') ? 1 : (c == '.') ? 3 : (c == 'e' || c == 'E') ? 4 : (c == ',' || c == ' ' || c == ';') ? 0 : 5; break;
    case 2: st = (c >= '0' && c <= '9') ? 1 : (c == '.') ? 3 : 5; break;
    case 3: st = (c >= '0' && c <= '9') ? 3 : (c == 'e' || c == 'E') ? 4 : (c == ',' || c == ' ') ? 0 : 5; break;
    case 4: st = (c >= '0' && c <= '9' || c == '-' || c == '+') ? 4 : (c == ',' || c == ' ') ? 0 : 5; break;
    default: st = (c == ',' || c == ' ' || c == ';') ? 0 : 5; break;
    }
    counts[st]++;
  }
  return counts[0] + 3 * counts[1] + 5 * counts[3] + 7 * counts[5];
}
int ma[6][6], mb[6][6], mc[6][6];
__attribute__((noinline)) void mat_int(int n) {
  for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) { int s = 0; for (int k = 0; k < n; k++) s += ma[i][k] * mb[k][j]; mc[i][j] = s + 7; }
}
__attribute__((noinline)) int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
__attribute__((noinline)) int leaf3(int x, int y) { return (x ^ y) + (x >> 3); }
__attribute__((noinline)) int mid2(int x, int y) { int a = leaf3(x, y), b = leaf3(y, a); return a + b * 3; }
__attribute__((noinline)) int top1(int x) { int s = 0; for (int i = 0; i < 4; i++) s += mid2(x + i, s); return s; }
typedef int (*op_t)(int, int);
__attribute__((noinline)) int op_add(int a, int b) { return a + b; }
__attribute__((noinline)) int op_sub(int a, int b) { return a - b; }
__attribute__((noinline)) int op_mul(int a, int b) { return a * b; }
__attribute__((noinline)) int op_xor(int a, int b) { return a ^ b; }
op_t ops[4] = {op_add, op_sub, op_mul, op_xor};
__attribute__((noinline)) int dispatch(const int *code, int n) { int acc = 1; for (int i = 0; i < n; i++) acc = ops[code[i] & 3](acc, code[i]); return acc; }
float fma6[6][6], fmb[6][6], fmc[6][6];
__attribute__((noinline)) void mat_f(int n) {
  for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) { float s = 0; for (int k = 0; k < n; k++) s += fma6[i][k] * fmb[k][j]; fmc[i][j] = s; }
}
static inline float expf_approx(float x) { /* 2^(x*log2e) with a degree-4 polynomial */
  float t = x * 1.44269504f; int i = (int)t; if (t < i) i--; float f = t - i;
  float p = 1.0f + f * (0.6931472f + f * (0.2402265f + f * (0.0555041f + f * 0.0096181f)));
  union { float f; int32_t i; } u; u.i = (i + 127) << 23; return p * u.f;
}
__attribute__((noinline)) void softmax_s(const float *x, float *y, int n) {
  float m = x[0]; for (int i = 1; i < n; i++) if (x[i] > m) m = x[i];
  float s = 0; for (int i = 0; i < n; i++) { y[i] = expf_approx(x[i] - m); s += y[i]; }
  float r = 1.0f / s; for (int i = 0; i < n; i++) y[i] *= r;
}
/* RVV loops */
__attribute__((noinline)) void vadd_m1(const float *a, const float *b, float *c, long n) {
  __asm__ volatile("1: vsetvli t0, %3, e32, m1, ta, ma\n vle32.v v1, (%0)\n vle32.v v2, (%1)\n vfadd.vv v3, v1, v2\n vse32.v v3, (%2)\n"
    " slli t1, t0, 2\n add %0, %0, t1\n add %1, %1, t1\n add %2, %2, t1\n sub %3, %3, t0\n bnez %3, 1b"
    : "+r"(a), "+r"(b), "+r"(c), "+r"(n) :: "t0", "t1", "memory");
}
__attribute__((noinline)) void vfma_m4(const float *a, const float *b, float *c, long n) {
  __asm__ volatile("1: vsetvli t0, %3, e32, m4, ta, ma\n vle32.v v8, (%0)\n vle32.v v12, (%1)\n vle32.v v16, (%2)\n vfmacc.vv v16, v8, v12\n vse32.v v16, (%2)\n"
    " slli t1, t0, 2\n add %0, %0, t1\n add %1, %1, t1\n add %2, %2, t1\n sub %3, %3, t0\n bnez %3, 1b"
    : "+r"(a), "+r"(b), "+r"(c), "+r"(n) :: "t0", "t1", "memory");
}
__attribute__((noinline)) float vsum_m2(const float *a, long n) {
  float r;
  __asm__ volatile("vsetvli t0, zero, e32, m1, ta, ma\n vmv.v.i v4, 0\n"
    "1: vsetvli t0, %1, e32, m2, ta, ma\n vle32.v v2, (%0)\n vfredusum.vs v4, v2, v4\n slli t1, t0, 2\n add %0, %0, t1\n sub %1, %1, t0\n bnez %1, 1b\n"
    " vfmv.f.s %2, v4" : "+r"(a), "+r"(n), "=f"(r) :: "t0", "t1", "memory");
  return r;
}
__attribute__((noinline)) void vsoftmax_m2(const float *x, float *y, long n) {
  /* max, then y = (x - max) * 0.5, sum, y *= 1/sum: the shape of a softmax row */
  __asm__ volatile(
    " mv t2, %0\n mv t3, %2\n vsetvli t0, zero, e32, m1, ta, ma\n vfmv.v.f v6, %3\n"
    "1: vsetvli t0, t3, e32, m2, ta, ma\n vle32.v v2, (t2)\n vfredmax.vs v6, v2, v6\n slli t1, t0, 2\n add t2, t2, t1\n sub t3, t3, t0\n bnez t3, 1b\n"
    " vfmv.f.s ft0, v6\n mv t2, %0\n mv t4, %1\n mv t3, %2\n vsetvli t0, zero, e32, m1, ta, ma\n vmv.v.i v7, 0\n"
    "2: vsetvli t0, t3, e32, m2, ta, ma\n vle32.v v2, (t2)\n vfsub.vf v2, v2, ft0\n vfmul.vf v2, v2, %4\n vse32.v v2, (t4)\n vfredusum.vs v7, v2, v7\n"
    " slli t1, t0, 2\n add t2, t2, t1\n add t4, t4, t1\n sub t3, t3, t0\n bnez t3, 2b\n"
    " vfmv.f.s ft1, v7\n fdiv.s ft1, %4, ft1\n mv t4, %1\n mv t3, %2\n"
    "3: vsetvli t0, t3, e32, m2, ta, ma\n vle32.v v2, (t4)\n vfmul.vf v2, v2, ft1\n vse32.v v2, (t4)\n slli t1, t0, 2\n add t4, t4, t1\n sub t3, t3, t0\n bnez t3, 3b\n"
    :: "r"(x), "r"(y), "r"(n), "f"(-1e30f), "f"(0.5f) : "t0", "t1", "t2", "t3", "t4", "ft0", "ft1", "memory");
}
__attribute__((noinline)) void vmatmul8(const float *A, const float *B, float *C) {
  /* C[i][:] = sum_k A[i][k] * B[k][:], 8x8, m1 rows */
  for (int i = 0; i < 8; i++) {
    __asm__ volatile(" vsetivli zero, 8, e32, m1, ta, ma\n vmv.v.i v1, 0\n li t2, 8\n mv t3, %0\n mv t4, %1\n"
      "1: flw ft0, 0(t3)\n vle32.v v2, (t4)\n vfmacc.vf v1, ft0, v2\n addi t3, t3, 4\n addi t4, t4, 32\n addi t2, t2, -1\n bnez t2, 1b\n"
      " vse32.v v1, (%2)" :: "r"(A + 8 * i), "r"(B), "r"(C + 8 * i) : "t2", "t3", "t4", "ft0", "memory");
  }
}
__attribute__((noinline)) void vdot_i32(const int32_t *a, const int32_t *b, long n, int32_t *out) {
  __asm__ volatile(" vsetvli t0, zero, e32, m1, ta, ma\n vmv.v.i v4, 0\n"
    "1: vsetvli t0, %2, e32, m1, tu, ma\n vle32.v v1, (%0)\n vle32.v v2, (%1)\n vmacc.vv v4, v1, v2\n slli t1, t0, 2\n add %0, %0, t1\n add %1, %1, t1\n sub %2, %2, t0\n bnez %2, 1b\n"
    " vsetvli t0, zero, e32, m1, ta, ma\n vmv.s.x v5, zero\n vredsum.vs v5, v4, v5\n vmv.x.s t0, v5\n sw t0, 0(%3)"
    : "+r"(a), "+r"(b), "+r"(n) : "r"(out) : "t0", "t1", "memory");
}

int main(void) {
  for (int i = 0; i < 64; i++) src[i] = (int)(rnd() % 1000);
  for (int i = 0; i < 512; i++) { fa[i] = (float)(rnd() % 100) * 0.01f; fb[i] = (float)(rnd() % 100) * 0.02f; fc[i] = 1.0f; }
  for (int i = 0; i < 64; i++) fm[i] = (float)(rnd() % 200) * 0.05f - 5.0f;
  for (int i = 0; i < 128; i++) { ia[i] = (int)(rnd() % 50) - 25; ib[i] = (int)(rnd() % 30); }
  for (int i = 0; i < 6; i++) for (int j = 0; j < 6; j++) { ma[i][j] = (int)(rnd() % 9); mb[i][j] = (int)(rnd() % 7); fma6[i][j] = ma[i][j] * 0.5f; fmb[i][j] = mb[i][j] * 0.25f; }
  int code[32]; for (int i = 0; i < 32; i++) code[i] = (int)(rnd() % 16);
  int32_t dot;
  WIN(memcpy(arr, src, 24 * 4), isort(arr, 24));
  WIN(memcpy(arr, src, 16 * 4), bsort(arr, 16));
  WIN(memcpy(arr, src, 32 * 4), qsort_r(arr, 0, 31));
  WIN(memcpy(arr, src, 20 * 4), ssort(arr, 20));
  WIN({ for (int i = 0; i < 32; i++) { nodes[i].key = src[i]; nodes[i].val = i; nodes[i].next = i < 31 ? &nodes[i + 1] : 0; } head = &nodes[0]; },
      { struct node *f = list_find(head, src[27]); head = list_reverse(head); sink = f->val + head->key; });
  WIN(, sink = crc16((const uint8_t *)src, 48, 0xffff));
  WIN(, sink = state_machine(text));
  WIN(, mat_int(6));
  WIN(, sink = fib(vn11));
  WIN(, sink = top1(vn5));
  WIN(, sink = dispatch(code, 32));
  WIN(, mat_f(6));
  WIN(, softmax_s(fm, fo, 48));
  WIN(, vadd_m1(fa, fb, fc, 200));
  WIN(, vfma_m4(fa, fb, fc, 512));
  WIN(, fsink = vsum_m2(fa, 256));
  WIN(, vsoftmax_m2(fa, fc, 128));
  WIN(, vmatmul8(fa, fb, fc));
  WIN(, vdot_i32(ia, ib, 128, &dot));
  return 0;
}
__asm__(".globl _start\n_start:\n .option push\n .option norelax\n la gp, __global_pointer$\n .option pop\n call main\n li a7, 93\n ecall\n");
