# Completes a command line in an interactive zsh on a pseudo-terminal (zsh/zpty) by pressing Tab, and prints
# what the completion system offers.
#
# Usage: zsh -f complete.zsh FUNCTIONS_DIR|--installed|--eval 'COMMAND LINE'
#   FUNCTIONS_DIR  a folder holding _COMMAND, put first in $fpath before compinit;
#   --installed    rely on $fpath as given in $TVM_ZSH_FPATH (a colon-separated list), as a user's zshrc would;
#   --eval         eval "$(tvm completion zsh)" after compinit, as a user's zshrc would (tvm found on PATH).
# Output: one candidate per line: the value (unquoted), a tab, the description shown next to it, if any.
# The capture wraps compadd: every match the completion functions add is printed, with its display string.
zmodload zsh/zpty || exit 3
local dir=$1 line=$2
local setup=${TMPDIR:-/tmp}/tvm-zsh-complete.$$
local fpath_line eval_line
if [[ $dir == --installed ]]; then
    fpath_line="fpath=(${(q)${(s.:.)TVM_ZSH_FPATH}} \$fpath)"
elif [[ $dir == --eval ]]; then
    eval_line='eval "$(tvm completion zsh)"'
else
    fpath_line="fpath=(${(q)dir} \$fpath)"
fi
cat >$setup <<SETUP
PS1='' PROMPT='' RPROMPT=''
$fpath_line
autoload -Uz compinit && compinit -u -D
$eval_line
__tvm_capture() {
    local -a __matches __displays
    local __i __name __display
    if (( \${@[(I)-[OAD]]} )); then builtin compadd "\$@"; return; fi
    __i=\${@[(i)-d]}
    if (( __i < \$# )); then
        __name=\${@[__i+1]}
        if [[ \$__name == \\(* ]]; then eval "__displays=\$__name"; else __displays=("\${(@P)__name}"); fi
    fi
    builtin compadd -A __matches -D __displays "\$@"
    for __i in {1..\$#__matches}; do
        __display=\${__displays[__i]}
        [[ \$__display == *' -- '* ]] && __display=\${__display#* -- } || __display=''
        print -r -- "<CANDIDATE>\${(Q)__matches[__i]}"\$'\\t'"\$__display</CANDIDATE>"
    done
    builtin compadd "\$@"
}
compadd() { __tvm_capture "\$@" }
__tvm_done() { print -r -- '<DONE>'; exit }
comppostfuncs=(__tvm_done)
bindkey '^I' complete-word
print -r -- '<READY>'
SETUP
zpty -b session zsh -f -i
zpty -w session "source ${(q)setup}"
local out chunk
local -i tries=0
until [[ $out == *'<READY>'* ]] || (( ++tries > 300 )); do zpty -rt session chunk && out+=$chunk || sleep 0.05; done
zpty -w -n session "$line"$'\t'
out=''
tries=0
until [[ $out == *'<DONE>'* ]] || (( ++tries > 600 )); do zpty -rt session chunk && out+=$chunk || sleep 0.05; done
zpty -d session
rm -f $setup
[[ $out == *'<DONE>'* ]] || { print -u2 "zsh: the completion did not finish within 30 s"; exit 2; }
local candidate
for candidate in ${(M)${(f)${out//$'\r'/}}:#*<CANDIDATE>*}; do
    candidate=${candidate#*<CANDIDATE>}
    print -r -- ${candidate%</CANDIDATE>*}
done
