# g-bounded-transition-far-control [fail (control, expected to fail)]
# tier paper · n = 65536, m = 2000n · 30 runs per point · seeds from salt 20261130, one per point · bars: 95% CI
# Redraw: gnuplot -e 'fmt="pdf"' claim-g-bounded-transition-far-control.gp   (fmt: png, pdf, svg, tex)
# The data are in claim-g-bounded-transition-far-control.dat, one block per series (see its comments).
if (!exists("fmt")) fmt = "png"
tex = (fmt eq "tex")
if (fmt eq "png") {
  set terminal pngcairo size 990,981 enhanced font "Sans,19" linewidth 2.5
  set output "claim-g-bounded-transition-far-control.png"
} else { if (fmt eq "pdf") {
  set terminal pdfcairo size 3.3in,3.27in enhanced font "Sans,6.5" linewidth 1
  set output "claim-g-bounded-transition-far-control.pdf"
} else { if (fmt eq "svg") {
  set terminal svg size 660,654 dynamic enhanced font "Sans,13" linewidth 1.5
  set output "claim-g-bounded-transition-far-control.svg"
} else { if (tex) {
  set terminal cairolatex pdf size 3.3in,3.27in linewidth 1
  set output "claim-g-bounded-transition-far-control-latex.tex"
} else {
  print "fmt must be png, pdf, svg or tex"
  exit status 2
} } } }

T_title = tex ? 'g-bounded-transition-far-control' : 'g-bounded-transition-far-control'
T_x = tex ? 'g (g-bounded:g)' : 'g (g-bounded:g)'
T_y = tex ? 'mean gap at m (max load $-$ m/n)' : 'mean gap at m (max load − m/n)'
T_note0 = tex ? 'tier paper $\cdot$ n = 65536, m = 2000n $\cdot$ 30 runs per point' : 'tier paper · n = 65536, m = 2000n · 30 runs per point'
T_note1 = tex ? 'seeds from salt 20261130, one per point $\cdot$ bars: 95\% CI' : 'seeds from salt 20261130, one per point · bars: 95% CI'
T_s0 = tex ? 'claimed range [3, 6]$\cdot$ln n = [33.3, 66.5]' : 'claimed range [3, 6]·ln n = [33.3, 66.5]'
T_s1 = tex ? 'measured' : 'measured'
T_s2 = tex ? 'segments: slope 1.48 [1.43, 1.54] $\to$ 1.2 [1.18, 1.22]' : 'segments: slope 1.48 [1.43, 1.54] → 1.2 [1.18, 1.22]'
T_s3 = tex ? 'breakpoint 13.1' : 'breakpoint 13.1'
T_s4 = tex ? '95\% interval [9.35, 25.9]' : '95% interval [9.35, 25.9]'
T_title1 = tex ? '[fail (control, expected to fail)]' : '[fail (control, expected to fail)]'

P = (fmt eq "png") ? 1.4 : (fmt eq "svg" ? 0.7 : 0.45)
set title (tex ? sprintf('\shortstack{%s\\%s\\{\footnotesize %s}\\{\footnotesize %s}}', T_title, T_title1, T_note0, T_note1) : sprintf("%s\n%s\n{/*0.85 %s}\n{/*0.85 %s}", T_title, T_title1, T_note0, T_note1))
set xlabel T_x
set ylabel T_y
set border 3
set tics nomirror out
set grid lt 1 lc rgb '#e4e4e4' lw 0.5
set key below maxcols 2 reverse Left width 1 spacing 1.0 samplen 2.5 height 1
if (tex) { set key spacing 1.3 }
set autoscale xfix
set autoscale yfix
set offsets graph 0.03, graph 0.03, graph 0.06, graph 0.06

plot \
  'claim-g-bounded-transition-far-control.dat' index 0 using 1:3:4 with filledcurves fc rgb '#000000' fs transparent solid 0.18 noborder title T_s0, \
  'claim-g-bounded-transition-far-control.dat' index 1 using 1:2:3:4 with yerrorlines lc rgb '#E69F00' lw 1.2 dt 1 pt 5 ps P title T_s1, \
  'claim-g-bounded-transition-far-control.dat' index 2 using 1:2 with lines lc rgb '#000000' lw 1.5 dt 2 title T_s2, \
  'claim-g-bounded-transition-far-control.dat' index 3 using 1:2 with lines lc rgb '#D55E00' lw 1.5 dt 1 title T_s3, \
  'claim-g-bounded-transition-far-control.dat' index 4 using 1:2 with lines lc rgb '#D55E00' lw 1.5 dt 3 title T_s4
