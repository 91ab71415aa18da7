// libjq, loaded when a --jq filter is first compiled rather than when a tool starts.
//
// Debian's libjq 1.6 (and the libonig it needs) is linked with immediate binding, so linking it the usual way
// cost every start of every tool the loading of two libraries and about 480 symbol lookups, whether or not the
// command line had --jq. The tools call libjq only through these tvm_ functions: tvm_jq_load() opens
// libjq.so.1 (or the file named by TVM_LIBJQ) with dlopen the first time, and the others call through the
// function pointers it found. jq.h still supplies the types, from Debian's libjq-dev.
#ifndef TVM_CJQ_H
#define TVM_CJQ_H

#include <jq.h>

/// Opens libjq once per process and finds every function below in it.
///
/// Returns NULL when libjq is ready, else a message saying which library could not be loaded and why (the
/// message lives as long as the process). Safe to call from any thread, any number of times. No other tvm_
/// function may be called until it has returned NULL.
const char *tvm_jq_load(void);

jq_state *tvm_jq_init(void);
void tvm_jq_teardown(jq_state **state);
int tvm_jq_compile_args(jq_state *state, const char *program, jv arguments);
void tvm_jq_set_attr(jq_state *state, jv name, jv value);
void tvm_jq_set_error_cb(jq_state *state, jq_msg_cb callback, void *context);
void tvm_jq_set_input_cb(jq_state *state, jq_input_cb callback, void *context);
void tvm_jq_set_debug_cb(jq_state *state, jq_msg_cb callback, void *context);
void tvm_jq_start(jq_state *state, jv value, int flags);
jv tvm_jq_next(jq_state *state);
int tvm_jq_halted(jq_state *state);
void tvm_jq_halt(jq_state *state, jv exit_code, jv error_message);
jv tvm_jq_get_exit_code(jq_state *state);
jv tvm_jq_get_error_message(jq_state *state);

void tvm_jv_free(jv value);
jv tvm_jv_copy(jv value);
jv_kind tvm_jv_get_kind(jv value);
jv tvm_jv_null(void);
jv tvm_jv_invalid(void);
int tvm_jv_invalid_has_msg(jv value);
jv tvm_jv_invalid_get_msg(jv value);
jv tvm_jv_array(void);
jv tvm_jv_array_append(jv array, jv value);
jv tvm_jv_object(void);
jv tvm_jv_object_set(jv object, jv key, jv value);
jv tvm_jv_string(const char *text);
jv tvm_jv_string_sized(const char *text, int length);
const char *tvm_jv_string_value(jv value);
int tvm_jv_string_length_bytes(jv value);
double tvm_jv_number_value(jv value);
jv tvm_jv_parse_sized(const char *text, int length);
jv tvm_jv_dump_string(jv value, int flags);

#endif
