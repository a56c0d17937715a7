// Scalar integer benchmark in the spirit of CoreMark (our own code, not CoreMark's):
// each round builds and merge-sorts a linked list, runs a table-free CRC-16 over a
// buffer, drives a small text state machine over a generated string, and multiplies
// two 16-bit matrices into a 32-bit one. The checksum folds every part.
#include "common.h"
#define NODES 256
#define BUF 512
#define M 24
#define ROUNDS 2400

struct node { struct node *next; int32_t key; int32_t val; };
static struct node pool[NODES];
static uint8_t text[BUF];
static int16_t ma[M][M], mb[M][M];
static int32_t mc[M][M];
static uint32_t seed = 2463534242u;

static uint32_t rnd(void) { seed ^= seed << 13; seed ^= seed >> 17; seed ^= seed << 5; return seed; }

static struct node *merge(struct node *a, struct node *b) {
    struct node head, *t = &head;
    while (a && b) {
        if (a->key <= b->key) { t->next = a; a = a->next; } else { t->next = b; b = b->next; }
        t = t->next;
    }
    t->next = a ? a : b;
    return head.next;
}

// Bottom-up merge sort of a singly linked list (no recursion, no allocation).
static struct node *sort(struct node *list) {
    struct node *bins[32] = {0};
    while (list) {
        struct node *n = list; list = list->next; n->next = 0;
        int k = 0;
        while (bins[k]) { n = merge(bins[k], n); bins[k++] = 0; }
        bins[k] = n;
    }
    struct node *r = 0;
    for (int k = 0; k < 32; k++) if (bins[k]) r = merge(bins[k], r);
    return r;
}

static uint16_t crc16(const uint8_t *p, int n, uint16_t crc) {
    for (int i = 0; i < n; i++) {
        crc ^= (uint16_t)p[i] << 8;
        for (int k = 0; k < 8; k++) crc = (crc & 0x8000) ? (uint16_t)((crc << 1) ^ 0x1021) : (uint16_t)(crc << 1);
    }
    return crc;
}

enum { S_START, S_INT, S_FRAC, S_EXP, S_SIGN, S_ERR };
// Classifies whitespace-separated tokens as integers, decimals, exponent numbers or
// errors; returns counts packed into one word.
static uint32_t scan(const uint8_t *s, int n) {
    uint32_t counts[6] = {0};
    int st = S_START;
    for (int i = 0; i < n; i++) {
        uint8_t c = s[i];
        if (c == ' ') { counts[st]++; st = S_START; continue; }
        switch (st) {
        case S_START: st = (c >= '0' && c <= '9') ? S_INT : (c == '-' || c == '+') ? S_SIGN : S_ERR; break;
        case S_SIGN: st = (c >= '0' && c <= '9') ? S_INT : S_ERR; break;
        case S_INT: st = (c >= '0' && c <= '9') ? S_INT : c == '.' ? S_FRAC : c == 'e' ? S_EXP : S_ERR; break;
        case S_FRAC: st = (c >= '0' && c <= '9') ? S_FRAC : c == 'e' ? S_EXP : S_ERR; break;
        case S_EXP: st = (c >= '0' && c <= '9') ? S_EXP : S_ERR; break;
        default: break;
        }
    }
    return counts[1] | counts[2] << 8 | counts[3] << 16 | (counts[5] + counts[4]) << 24;
}

int main(void) {
    static const uint8_t alphabet[] = "0123456789 .e-+x 12 3.5 ";
    uint64_t sum = 0;
    for (int r = 0; r < ROUNDS; r++) {
        for (int i = 0; i < NODES; i++) {
            pool[i].key = (int32_t)(rnd() & 0xffff);
            pool[i].val = i;
            pool[i].next = i + 1 < NODES ? &pool[i + 1] : 0;
        }
        struct node *l = sort(&pool[0]);
        uint32_t lsum = 0;
        for (int i = 0; l; l = l->next, i++) lsum = lsum * 33 + (uint32_t)(l->val ^ i);
        for (int i = 0; i < BUF; i++) text[i] = alphabet[rnd() % (sizeof alphabet - 1)];
        uint16_t crc = crc16(text, BUF, (uint16_t)r);
        uint32_t st = scan(text, BUF);
        for (int i = 0; i < M; i++)
            for (int j = 0; j < M; j++) { ma[i][j] = (int16_t)(rnd() & 0xff) - 128; mb[i][j] = (int16_t)(i - j + r); }
        uint32_t msum = 0;
        for (int i = 0; i < M; i++)
            for (int j = 0; j < M; j++) {
                int32_t s = 0;
                for (int k = 0; k < M; k++) s += ma[i][k] * mb[k][j];
                mc[i][j] = s;
                msum += (uint32_t)s >> (j & 7);
            }
        sum = sum * 1000003u ^ lsum ^ (uint64_t)crc << 32 ^ st ^ (uint64_t)msum << 16;
    }
    report("int_mix", sum);
    return 0;
}
