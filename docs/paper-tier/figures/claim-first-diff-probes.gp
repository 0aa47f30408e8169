# first-diff-probes [fail (documented finding)]
# tier paper · m = t·n · 30 runs per point · seeds from salt 20261130, one per point · bars: 95% CI
# Redraw: gnuplot -e 'fmt="pdf"' claim-first-diff-probes.gp   (fmt: png, pdf, svg, tex)
# The data are in claim-first-diff-probes.dat, one block per series (see its comments).
if (!exists("fmt")) fmt = "png"
tex = (fmt eq "tex")
if (fmt eq "png") {
  set terminal pngcairo size 990,1218 enhanced font "Sans,19" linewidth 2.5
  set output "claim-first-diff-probes.png"
} else { if (fmt eq "pdf") {
  set terminal pdfcairo size 3.3in,4.06in enhanced font "Sans,6.5" linewidth 1
  set output "claim-first-diff-probes.pdf"
} else { if (fmt eq "svg") {
  set terminal svg size 660,812 dynamic enhanced font "Sans,13" linewidth 1.5
  set output "claim-first-diff-probes.svg"
} else { if (tex) {
  set terminal cairolatex pdf size 3.3in,4.06in linewidth 1
  set output "claim-first-diff-probes-latex.tex"
} else {
  print "fmt must be png, pdf, svg or tex"
  exit status 2
} } } }

T_title = tex ? 'first-diff-probes [fail (documented finding)]' : 'first-diff-probes [fail (documented finding)]'
T_x = tex ? 't = m/n (balls per bin)' : 't = m/n (balls per bin)'
T_y = tex ? 'mean probes per ball' : 'mean probes per ball'
T_note0 = tex ? 'tier paper $\cdot$ m = t$\cdot$n $\cdot$ 30 runs per point' : 'tier paper · m = t·n · 30 runs per point'
T_note1 = tex ? 'seeds from salt 20261130, one per point $\cdot$ bars: 95\% CI' : 'seeds from salt 20261130, one per point · bars: 95% CI'
T_s0 = tex ? 'n = 65536, cap = 4' : 'n = 65536, cap = 4'
T_s1 = tex ? 'n = 65536, cap = 9' : 'n = 65536, cap = 9'
T_s2 = tex ? 'n = 65536, cap = 16' : 'n = 65536, cap = 16'
T_s3 = tex ? 'n = 4194304, cap = 4' : 'n = 4194304, cap = 4'
T_s4 = tex ? 'n = 4194304, cap = 9' : 'n = 4194304, cap = 9'
T_s5 = tex ? 'n = 4194304, cap = 16' : 'n = 4194304, cap = 16'
T_s6 = tex ? 'bound of n = 65536, cap = 4: d = 2' : 'bound of n = 65536, cap = 4: d = 2'
T_s7 = tex ? 'bound of n = 65536, cap = 9: d = 3' : 'bound of n = 65536, cap = 9: d = 3'
T_s8 = tex ? 'bound of n = 65536, cap = 16: d = 4' : 'bound of n = 65536, cap = 16: d = 4'
T_s9 = tex ? 'bound of n = 4194304, cap = 4: d = 2' : 'bound of n = 4194304, cap = 4: d = 2'
T_s10 = tex ? 'bound of n = 4194304, cap = 9: d = 3' : 'bound of n = 4194304, cap = 9: d = 3'
T_s11 = tex ? 'bound of n = 4194304, cap = 16: d = 4' : 'bound of n = 4194304, cap = 16: d = 4'

P = (fmt eq "png") ? 1.4 : (fmt eq "svg" ? 0.7 : 0.45)
set title (tex ? sprintf('\shortstack{%s\\{\footnotesize %s}\\{\footnotesize %s}}', T_title, T_note0, T_note1) : sprintf("%s\n{/*0.85 %s}\n{/*0.85 %s}", T_title, T_note0, T_note1))
set xlabel T_x
set ylabel T_y
set border 3
set tics nomirror out
set grid lt 1 lc rgb '#e4e4e4' lw 0.5
set key below maxcols 2 reverse Left width 1 spacing 1.0 samplen 2.5 height 1
if (tex) { set key spacing 1.3 }
set logscale x 10
if (tex) { set format x '$%g$' }
if (tex) { set format x '$10^{%L}$' } else { set format x '10^{%L}' }
set xtics (1, 100)
if (tex) { set format x '$%g$' } else { set format x '%g' }
set autoscale xfix
set autoscale yfix
set offsets graph 0.03, graph 0.03, graph 0.06, graph 0.06

plot \
  'claim-first-diff-probes.dat' index 0 using 1:2:3:4 with yerrorlines lc rgb '#E69F00' lw 1.2 dt 1 pt 5 ps P title T_s0, \
  'claim-first-diff-probes.dat' index 1 using 1:2:3:4 with yerrorlines lc rgb '#0072B2' lw 1.2 dt 1 pt 9 ps P title T_s1, \
  'claim-first-diff-probes.dat' index 2 using 1:2:3:4 with yerrorlines lc rgb '#009E73' lw 1.2 dt 1 pt 13 ps P title T_s2, \
  'claim-first-diff-probes.dat' index 3 using 1:2:3:4 with yerrorlines lc rgb '#D55E00' lw 1.2 dt 1 pt 11 ps P title T_s3, \
  'claim-first-diff-probes.dat' index 4 using 1:2:3:4 with yerrorlines lc rgb '#56B4E9' lw 1.2 dt 1 pt 15 ps P title T_s4, \
  'claim-first-diff-probes.dat' index 5 using 1:2:3:4 with yerrorlines lc rgb '#CC79A7' lw 1.2 dt 1 pt 3 ps P title T_s5, \
  'claim-first-diff-probes.dat' index 6 using 1:2 with lines lc rgb '#E69F00' lw 1.5 dt 2 title T_s6, \
  'claim-first-diff-probes.dat' index 7 using 1:2 with lines lc rgb '#0072B2' lw 1.5 dt 2 title T_s7, \
  'claim-first-diff-probes.dat' index 8 using 1:2 with lines lc rgb '#009E73' lw 1.5 dt 2 title T_s8, \
  'claim-first-diff-probes.dat' index 9 using 1:2 with lines lc rgb '#D55E00' lw 1.5 dt 2 title T_s9, \
  'claim-first-diff-probes.dat' index 10 using 1:2 with lines lc rgb '#56B4E9' lw 1.5 dt 2 title T_s10, \
  'claim-first-diff-probes.dat' index 11 using 1:2 with lines lc rgb '#CC79A7' lw 1.5 dt 2 title T_s11
